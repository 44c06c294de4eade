import { OLD_FILE_VERSION_DAYS, SITE_NAME, SUPPORT } from '@shared/constants';
import type { LegalDocument } from './legal-document';

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: 'January 2025',
  intro: `This policy explains what personal data ${SITE_NAME} collects when you use our marketplace, why we use it, who we share it with and the rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are',
      blocks: [
        `${SITE_NAME} Ltd ("${SITE_NAME}", "we", "us") runs the ${SITE_NAME} marketplace for used heavy goods vehicles. We are the controller of the personal data described in this policy.`,
        `Our address is ${SUPPORT.address}. You can contact us about privacy at ${SUPPORT.email} or on ${SUPPORT.phone}.`,
      ],
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      blocks: [
        'We collect information you give us, information created when you use the site, and a small amount from other sources:',
        {
          list: [
            'Account details: your name, e-mail address, phone number, company name and password (stored only as a secure hash by our sign-in provider).',
            'Listings: vehicle details, photos, price, location and the contact details you choose to show buyers.',
            'Enquiries: messages you send through our contact form and valuation requests, including vehicle photos.',
            'Alert preferences and subscriptions: the trucks you are looking for, your budget and location, your plan and your payment status. Card details are collected and held by our payment provider, not by us.',
            'Technical data: IP address, browser type, pages visited and error logs, used to keep the service secure and working.',
            'Listings collected from other websites: dealer names and business contact details published on those sites.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use',
      title: 'How we use your information',
      blocks: [
        {
          list: [
            'To create and manage your account and show your listings to buyers.',
            'To let signed-in buyers contact sellers, and to match new listings with buyers who have asked for alerts.',
            'To send the truck alerts you subscribe to, by e-mail and, on the Platinum plan, by WhatsApp.',
            'To take subscription payments and send receipts.',
            'To answer your messages and pass valuation requests to dealers.',
            'To prevent fraud, spam and misuse, and to keep the service secure.',
            'To meet our legal obligations, such as keeping accounting records.',
          ],
        },
      ],
    },
    {
      id: 'lawful-bases',
      title: 'Our lawful bases',
      blocks: [
        'UK GDPR requires a lawful basis for each use of personal data. We rely on:',
        {
          list: [
            'Contract: to provide your account, listings, alerts and subscription.',
            'Legitimate interests: to keep the marketplace safe, prevent fraud, improve the service, show listings collected from public dealer websites, and reply to enquiries. We balance these interests against your rights and you can object at any time.',
            'Consent: for WhatsApp alerts and any non-essential cookies. You can withdraw consent at any time without affecting what we did before.',
            'Legal obligation: to keep financial records and respond to lawful requests from authorities.',
          ],
        },
      ],
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      blocks: [
        'We do not sell your personal data. We share it only where needed:',
        {
          list: [
            'With buyers: the contact details on your listing are shown to signed-in users.',
            'Valuation requests: your vehicle details, photos and contact details go to the TruckYard team only, who use them to reply to you; we do not pass them to dealers.',
            'With finance, insurance and warranty partners: only if you contact them yourself; we do not pass your details to them.',
            'With professional advisers, and with the police, regulators or courts where the law requires it.',
            'With a buyer of our business, who would have to respect this policy.',
          ],
        },
      ],
    },
    {
      id: 'processors',
      title: 'Service providers',
      blocks: [
        'We use carefully chosen processors who act only on our instructions under written contracts:',
        {
          list: [
            'Amazon Web Services (hosting, databases, file storage, sign-in and e-mail delivery), mainly in the AWS London region.',
            'Stripe (subscription payments and card handling). Stripe is also an independent controller for its own fraud-prevention and legal purposes.',
            'A WhatsApp Business messaging provider, for Platinum alerts you have opted in to.',
          ],
        },
      ],
    },
    {
      id: 'international-transfers',
      title: 'International transfers',
      blocks: [
        'We store your data in the United Kingdom where we can. Some providers, such as Stripe and the WhatsApp provider, may process data in the United States or elsewhere. When data leaves the UK we rely on UK adequacy regulations (including the UK Extension to the EU-US Data Privacy Framework) or the International Data Transfer Agreement or Addendum approved by Parliament, together with additional safeguards where needed.',
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      blocks: [
        {
          list: [
            'Account data: while your account is open and for 12 months after it is closed, so we can deal with any queries.',
            'Listings: while active and for 12 months after they are sold, removed or expire.',
            `Photos and files you delete, or that go when you delete a listing or your account: our storage keeps them as old versions for ${OLD_FILE_VERSION_DAYS} days (so a mistake can be undone), then deletes them for good.`,
            'Contact messages and valuation requests: 24 months after our last contact with you.',
            'Payment and invoice records: 6 years after the end of the financial year, as required by tax law.',
            'Security logs: up to 90 days, unless needed to investigate an incident.',
          ],
        },
        'When the period ends we delete the data or anonymise it so it can no longer identify you.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      blocks: [
        'You have the right to:',
        {
          list: [
            'access the personal data we hold about you and receive a copy;',
            'have inaccurate data corrected;',
            'have your data erased;',
            'restrict or object to our use of it, including for direct marketing;',
            'receive data you gave us in a portable format; and',
            'withdraw consent where we rely on it.',
          ],
        },
        `To use any of these rights, e-mail ${SUPPORT.email}. We will reply within one month, which may be extended by two further months for complex requests; we will tell you if that happens. There is normally no charge. We may ask you to confirm your identity first.`,
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      blocks: [
        'We use only what the site needs to work: storage that keeps you signed in, remembers your equipment basket and your saved vehicles, and protects forms from abuse. These are strictly necessary and do not need consent.',
        'We do not use advertising cookies. If we add analytics cookies in future, we will ask for your consent first and you can change your choice at any time.',
      ],
    },
    {
      id: 'security',
      title: 'Keeping your data secure',
      blocks: [
        'Data is encrypted in transit and at rest, access is limited to staff who need it, and uploaded photos have location and camera data removed before they are published. No system is completely secure, so please use a strong, unique password and tell us straight away if you think your account has been misused.',
      ],
    },
    {
      id: 'complaints-changes',
      title: 'Complaints and changes to this policy',
      blocks: [
        `If you are unhappy with how we have handled your data, please contact us first at ${SUPPORT.email}. You also have the right to complain to the Information Commissioner's Office (ICO), the UK data protection regulator, at ico.org.uk or on 0303 123 1113.`,
        'We may update this policy. The date at the top shows when it last changed, and we will tell account holders by e-mail about significant changes.',
      ],
    },
  ],
};
