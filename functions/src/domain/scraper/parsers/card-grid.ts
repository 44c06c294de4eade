import * as cheerio from 'cheerio';
import {
  absoluteUrl,
  cleanText,
  parseCategory,
  parseFuel,
  parseMileage,
  parsePrice,
  parseRegistration,
  parseTransmission,
  parseYear,
} from '../canonical.js';
import type { PageParser, ParsedListing } from '../types.js';

/**
 * Layout "card-grid": one `<article class="truck-card" data-listing-id>` per truck, the specs as
 * `<li data-field="make|model|year|mileage|fuel|gearbox|body|reg">`, dealer name and phone in
 * `.truck-card__dealer`, pagination by `<a rel="next">`.
 */
export const parseCardGrid: PageParser = (html, pageUrl) => {
  const $ = cheerio.load(html);
  const listings: ParsedListing[] = [];
  const errors: string[] = [];
  $('article.truck-card').each((i, el) => {
    const card = $(el);
    const externalId = cleanText(card.attr('data-listing-id'));
    if (!externalId) {
      errors.push(`${pageUrl}: card ${i + 1} has no listing id`);
      return;
    }
    const field = (name: string) => cleanText(card.find(`[data-field="${name}"]`).first().text());
    const images = card
      .find('img.truck-card__photo')
      .map((_, img) => absoluteUrl($(img).attr('src'), pageUrl))
      .get()
      .filter((u): u is string => u !== null);
    listings.push({
      externalId,
      sourceUrl: absoluteUrl(card.find('a.truck-card__link').attr('href'), pageUrl),
      make: field('make'),
      model: field('model'),
      year: parseYear(field('year')),
      mileage: parseMileage(field('mileage')),
      price: parsePrice(card.find('.truck-card__price').text()),
      location: cleanText(card.find('.truck-card__location').text()),
      dealerName: cleanText(card.find('.truck-card__dealer .name').text()),
      dealerContact: cleanText(card.find('.truck-card__dealer .phone').text()),
      category: parseCategory(field('body')),
      fuelType: parseFuel(field('fuel')),
      transmission: parseTransmission(field('gearbox')),
      description: cleanText(card.find('.truck-card__summary').text()),
      registration: parseRegistration(field('reg')),
      imageUrls: images,
    });
  });
  const next = absoluteUrl($('a[rel="next"]').first().attr('href'), pageUrl);
  return { listings, nextPageUrls: next ? [next] : [], errors };
};
