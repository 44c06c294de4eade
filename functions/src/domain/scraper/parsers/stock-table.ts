import * as cheerio from 'cheerio';
import { absoluteUrl, cleanText, parseCategory, parseFuel, parseMileage, parsePrice, parseTransmission, parseYear } from '../canonical.js';
import type { PageParser, ParsedListing } from '../types.js';

/**
 * Layout "stock-table": a `<tr class="stock-row" id="stock-<ref>">` per truck; make in bold and
 * the model after it in the link text; "Body · Gearbox · Fuel" in one cell; dealer name, phone
 * and town on separate lines; lazy photos in `data-src`; pagination by `<a class="next">`.
 */
export const parseStockTable: PageParser = (html, pageUrl) => {
  const $ = cheerio.load(html);
  const listings: ParsedListing[] = [];
  const errors: string[] = [];
  $('tr.stock-row').each((i, el) => {
    const row = $(el);
    const externalId = cleanText(row.attr('id')?.replace(/^stock-/, ''));
    if (!externalId) {
      errors.push(`${pageUrl}: row ${i + 1} has no stock reference`);
      return;
    }
    const link = row.find('td.stock-main a').first();
    const make = cleanText(link.find('b').first().text());
    const linkText = cleanText(link.text()) ?? '';
    const model = cleanText(make && linkText.startsWith(make) ? linkText.slice(make.length) : linkText);
    // "Curtainsider · Manual · Diesel": any order, any subset.
    const info = (row.find('td.stock-info').text() ?? '').split(/[·|,]/).map((p) => cleanText(p));
    const pick = <T>(parse: (s: string | null) => T | null): T | null => {
      for (const part of info) {
        const v = parse(part);
        if (v !== null) return v;
      }
      return null;
    };
    // Dealer cell: name, phone, town on separate lines.
    const dealerLines = (row.find('td.stock-dealer').html() ?? '')
      .split(/<br\s*\/?>/i)
      .map((part) => cleanText(cheerio.load(`<p>${part}</p>`)('p').text()))
      .filter((s): s is string => s !== null);
    const phoneIndex = dealerLines.findIndex((l) => /^[+\d][\d\s()-]{6,}$/.test(l));
    const images = row
      .find('td.stock-pic img')
      .map((_, img) => absoluteUrl($(img).attr('data-src') ?? $(img).attr('src'), pageUrl))
      .get()
      .filter((u): u is string => u !== null);
    listings.push({
      externalId,
      sourceUrl: absoluteUrl(link.attr('href'), pageUrl),
      make,
      model,
      year: parseYear(row.find('td.stock-main small').text()),
      mileage: parseMileage(row.find('td.stock-miles').text()),
      price: parsePrice(row.find('td.stock-price').text()),
      location: phoneIndex >= 0 ? (dealerLines[phoneIndex + 1] ?? null) : (dealerLines[1] ?? null),
      dealerName: dealerLines[0] ?? null,
      dealerContact: phoneIndex >= 0 ? dealerLines[phoneIndex] : null,
      category: pick(parseCategory),
      fuelType: pick(parseFuel),
      transmission: pick(parseTransmission),
      description: cleanText(row.find('td.stock-main .notes').text()),
      registration: null,
      imageUrls: images,
    });
  });
  const next = absoluteUrl($('a.next').first().attr('href'), pageUrl);
  return { listings, nextPageUrls: next ? [next] : [], errors };
};
