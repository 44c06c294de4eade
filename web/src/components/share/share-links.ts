import { formatPriceWithVat } from '@/lib/format';
import type { Listing } from '@shared/schemas/listing';

/** What "Share" sends (issue 26 §4): the title, the price with its VAT note, and the listing's URL. */
export function shareTextOf(listing: Pick<Listing, 'title' | 'price' | 'vatStatus'>): string {
  return `${listing.title} — ${formatPriceWithVat(listing.price, listing.vatStatus)}`;
}

/** WhatsApp's click-to-chat link with the text and URL (https://faq.whatsapp.com/5913398998672934). */
export const whatsappHref = (text: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;

export const emailHref = (title: string, text: string, url: string) =>
  `mailto:?subject=${encodeURIComponent(`On TruckYard: ${title}`)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`;
