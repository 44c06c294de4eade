import { VALUATION_PROMISE } from '@shared/schemas/valuation';
import { SAVED_TRUCK_TTL_DAYS } from '@shared/schemas/saved';
/** FAQ content (spec §2 FAQ). Answers repeat the spec's claims; keep them in step with the product. */
export interface FaqQuestion {
  /** Stable id, used for the answer element and anchors. */
  id: string;
  question: string;
  answer: string[];
}

export interface FaqCategory {
  id: string;
  title: string;
  questions: FaqQuestion[];
}

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'buying-selling',
    title: 'Buying & Selling',
    questions: [
      {
        id: 'is-listing-free',
        question: 'Does it cost anything to list my truck?',
        answer: [
          'No. Listing a truck on TruckYard is free, with no listing fees and no commission when it sells. Create an account, choose Sell Your Truck and add up to 10 photos.',
        ],
      },
      {
        id: 'contact-seller',
        question: 'How do I contact a seller?',
        answer: [
          'Sign in and open the listing: the seller’s name, phone number and e-mail address are shown there. Contact details are hidden from visitors who are not signed in, to protect sellers from spam.',
        ],
      },
      {
        id: 'saved-vehicles',
        question: 'How long do saved vehicles stay in my list?',
        answer: [
          `Saved vehicles stay in your list for ${SAVED_TRUCK_TTL_DAYS} days after you last saved them; saving one again restarts the ${SAVED_TRUCK_TTL_DAYS} days. If the seller sells or removes a truck before then, your list marks it as no longer available.`,
        ],
      },
      {
        id: 'scraped-listings',
        question: 'What is the difference between a Verified Listing and a Scraped Listing?',
        answer: [
          'A Verified Listing was posted on TruckYard by a seller with an account. A Scraped Listing was collected from another website so you can see more of the market in one place; contact the dealer through the original site and check the details with them.',
        ],
      },
      {
        id: 'checks-before-buying',
        question: 'What should I check before buying a used truck?',
        answer: [
          'Check the V5C matches the chassis number, the MOT history and plating certificate, the service records and tachograph calibration date. Ask for an HPI or similar check for outstanding finance, and see the truck working before you pay.',
        ],
      },
    ],
  },
  {
    id: 'finance-insurance',
    title: 'Finance & Insurance',
    questions: [
      {
        id: 'finance-available',
        question: 'Can I buy a truck on finance?',
        answer: [
          'Yes. Our Vehicle Finance Options page explains hire purchase, finance leases and operating leases and lists specialist lenders you can contact directly. Finance is subject to status; TruckYard is a credit broker, not a lender.',
        ],
      },
      {
        id: 'insurance-needed',
        question: 'What insurance do I need to operate an HGV?',
        answer: [
          'Third party liability is the legal minimum. Most operators also take comprehensive cover for the truck, goods in transit cover for the load, and public and employers liability for the business.',
        ],
      },
      {
        id: 'warranty-used',
        question: 'Can I get a warranty on a used truck?',
        answer: [
          'Yes. Many used trucks can be covered by a mechanical breakdown or extended warranty. See our Warranty page for providers; check the age and mileage limits before you buy.',
        ],
      },
    ],
  },
  {
    id: 'technical-legal',
    title: 'Technical & Legal',
    questions: [
      {
        id: 'tachograph-hours',
        question: 'How many hours can an HGV driver drive?',
        answer: [
          'Under the GB drivers’ hours rules a driver may drive up to 9 hours a day (10 hours twice a week), no more than 56 hours in a week and no more than 90 hours in any two consecutive weeks. A 45-minute break is needed after 4.5 hours of driving.',
        ],
      },
      {
        id: 'max-weight',
        question: 'What is the maximum weight of a lorry in the UK?',
        answer: [
          'The maximum gross train weight for an articulated lorry with six or more axles is 44 tonnes. Rigid trucks run at up to 32 tonnes on four axles.',
        ],
      },
      {
        id: 'o-licence',
        question: 'Do I need an operator’s licence?',
        answer: [
          'You need a goods vehicle operator’s licence (O-licence) from the Traffic Commissioner to carry goods for business in a vehicle over 3.5 tonnes gross weight, with some exemptions.',
        ],
      },
      {
        id: 'clean-air',
        question: 'Will my truck be charged in London or a Clean Air Zone?',
        answer: [
          'London’s Low Emission Zone and most Clean Air Zones charge HGVs that do not meet Euro VI. Trucks registered from 2014 are generally Euro VI; check the vehicle on the Government’s vehicle checker before you buy.',
        ],
      },
    ],
  },
  {
    id: 'maintenance-operations',
    title: 'Maintenance & Operations',
    questions: [
      {
        id: 'mot-cost',
        question: 'How much does an HGV MOT cost?',
        answer: [
          'An HGV annual test typically costs roughly £150–£200 for a truck, depending on the number of axles and whether it is done at a DVSA site or an authorised testing facility. Retests and trailers cost extra.',
        ],
      },
      {
        id: 'safety-inspections',
        question: 'How often should a truck have a safety inspection?',
        answer: [
          'Most operators inspect every 6 to 10 weeks, as set out in their O-licence undertakings and the DVSA Guide to Maintaining Roadworthiness. Drivers must also do a walk-round check every day before use.',
        ],
      },
      {
        id: 'tachograph-calibration',
        question: 'How often does a tachograph need calibrating?',
        answer: ['A tachograph must be calibrated by an approved centre at least every two years, and after repairs that affect it.'],
      },
    ],
  },
  {
    id: 'marketplace-features',
    title: 'Marketplace Features',
    questions: [
      {
        id: 'truck-alerts',
        question: 'What are Truck Alerts?',
        answer: [
          'Tell us what you are looking for and we e-mail you matching trucks: weekly on Silver, daily on Gold, or instantly by e-mail and WhatsApp on Platinum. You can cancel at any time.',
        ],
      },
      {
        id: 'valuation',
        question: 'Can I get a valuation for my truck?',
        answer: [
          `Yes. Fill in the vehicle valuation form with your truck’s details and photos. Your request goes to ${VALUATION_PROMISE.whoReplies}, who reply within ${VALUATION_PROMISE.replyTime}.`,
        ],
      },
      {
        id: 'mobile-app',
        question: 'Is there a mobile app?',
        answer: [
          'A mobile app is in development. In the meantime the TruckYard website works on any phone or tablet, so you can browse, save and list trucks on the move.',
        ],
      },
      {
        id: 'equipment-store',
        question: 'What can I buy in the equipment store?',
        answer: [
          'Driver essentials such as PPE, load securing straps and bars, safety equipment and tachograph rolls. Add them to the cart and pay by card at checkout (sign in first); a confirmation e-mail follows. You can also order by phone.',
        ],
      },
    ],
  },
];
