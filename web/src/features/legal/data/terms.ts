import { SITE_NAME, SUPPORT } from '@shared/constants';
import type { LegalDocument } from './legal-document';

export const TERMS: LegalDocument = {
  title: 'Terms and Conditions',
  lastUpdated: 'January 2025',
  intro: `These terms govern your use of the ${SITE_NAME} marketplace. By creating an account, listing a vehicle or subscribing to alerts you agree to them. Please read them carefully.`,
  sections: [
    {
      id: 'about',
      title: 'About us and these terms',
      blocks: [
        `${SITE_NAME} is operated by ${SITE_NAME} Ltd, ${SUPPORT.address}. You can contact us at ${SUPPORT.email} or on ${SUPPORT.phone}.`,
        'If you use the marketplace for your business, you confirm you have authority to accept these terms on its behalf. Some parts of these terms apply differently to consumers, and nothing in them affects your statutory rights as a consumer.',
      ],
    },
    {
      id: 'accounts',
      title: 'Your account',
      blocks: [
        {
          list: [
            'You must be 18 or over and give accurate details when you register.',
            'Keep your password secure; you are responsible for activity on your account.',
            'One person or business may not hold several accounts to get around limits or a suspension.',
          ],
        },
      ],
    },
    {
      id: 'listing',
      title: 'Listing a vehicle',
      blocks: [
        'Basic listings are free: we do not charge listing fees or commission on sales.',
        {
          list: [
            'You must own the vehicle or be authorised to sell it, and describe it honestly, including its mileage, MOT and any outstanding finance.',
            'Photos must be of the vehicle being sold and you must have the right to use them. You allow us to display, resize and share them on the marketplace while the listing is live.',
            'Remove or mark the listing as sold as soon as the vehicle is no longer available.',
            'We may edit, refuse or remove listings that break these terms or the law.',
          ],
        },
      ],
    },
    {
      id: 'buying',
      title: 'Buying a vehicle',
      blocks: [
        `${SITE_NAME} is a marketplace. Contracts for the sale of vehicles are made directly between buyer and seller; we are not a party to them and do not own, inspect or guarantee the vehicles listed.`,
        'Listings collected from other websites are shown for convenience and may be out of date. Always inspect the vehicle, check its documents and history, and never pay a deposit to someone you have not verified.',
      ],
    },
    {
      id: 'subscriptions',
      title: 'Truck Alert subscriptions',
      blocks: [
        {
          list: [
            'Truck Alert plans are billed monthly in advance at the price shown when you subscribe, including VAT where applicable.',
            'You can cancel at any time from your subscription dashboard. There is no cancellation fee; your plan continues until the end of the period you have paid for.',
            'Consumers have a 14-day right to cancel a new subscription. If you ask alerts to start during that time, we may deduct a proportionate amount for the days already provided.',
            'We will give at least 30 days’ notice of any price change, and you may cancel before it takes effect.',
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      blocks: [
        'You must not:',
        {
          list: [
            'post false, misleading or unlawful content, or vehicles you are not entitled to sell;',
            'use contact details from the marketplace to send spam or for any purpose other than the vehicle concerned;',
            'copy, scrape or resell listings in bulk, or interfere with the security or operation of the site;',
            'impersonate another person or business.',
          ],
        },
      ],
    },
    {
      id: 'third-parties',
      title: 'Partners, valuations and the equipment store',
      blocks: [
        'Finance, insurance and warranty companies shown on our partner pages are independent businesses with their own terms. Finance is subject to status; we act as a credit broker, not a lender, and we are not an insurance or warranty provider.',
        'Valuation requests are answered by the TruckYard team; a valuation is an indication, not an offer to buy. Orders for equipment are taken by phone until online checkout is available, under the terms we confirm with your order.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      blocks: [
        `The ${SITE_NAME} name, logo, site design and software belong to us or our licensors. You keep ownership of the content you upload and give us a non-exclusive licence to use it to run and promote the marketplace.`,
      ],
    },
    {
      id: 'liability',
      title: 'Our liability',
      blocks: [
        'Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law.',
        'We are not liable for the condition, legality or description of vehicles listed by others, for the acts of buyers, sellers or partners, or for business losses such as lost profits or lost contracts.',
        'Otherwise, our total liability to you in connection with the marketplace is limited to the fees you have paid us in the 12 months before the event giving rise to the claim.',
      ],
    },
    {
      id: 'suspension',
      title: 'Suspension and closing your account',
      blocks: [
        'We may suspend or close an account that breaks these terms, with notice where reasonable. You may close your account at any time by contacting us; any paid subscription should be cancelled first.',
      ],
    },
    {
      id: 'law',
      title: 'Changes, governing law and disputes',
      blocks: [
        'We may change these terms; we will give account holders reasonable notice of significant changes, and the date at the top shows the current version.',
        'These terms are governed by English law and the courts of England and Wales have jurisdiction. If you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings in your local courts.',
      ],
    },
  ],
};
