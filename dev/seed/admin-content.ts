/**
 * The admin area's demo data: the page-content sections the public pages read (README lists the
 * slugs and keys), one contact message and one valuation request with photos for the Inbox, and
 * demo finance settings (marked demo on the site) so the calculator and the cards' monthly figure show.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CONTENT_SLOTS } from '../../shared/schemas/admin.js';
import type { FinanceSettings } from '../../shared/schemas/finance.js';
import { ddb } from '../../functions/src/adapters/dynamodb/client.js';
import { keys } from '../../functions/src/adapters/dynamodb/keys.js';
import { s3 } from '../../functions/src/adapters/s3/client.js';

const DEMO_CONTENT = [
  {
    id: '01JCONTENTHOMEHERO0000000A',
    ...CONTENT_SLOTS.homeHero,
    // The seeded texts are the built-in ones, so the first paint and the loaded content match.
    title: 'List your truck for free. Sell it to the right buyer.',
    content:
      'TruckYard is the UK marketplace for used trucks and HGVs. We actively match each new listing to subscribed buyers, so your truck reaches people already looking for one.',
  },
  {
    id: '01JCONTENTHOMESTATS000000B',
    ...CONTENT_SLOTS.homeStats,
    title: 'Why sellers choose TruckYard',
    content: '5,000+|Active buyers\n48hrs|Average response\n95%|Match success\n£0|Listing fees',
  },
  {
    id: '01JCONTENTSELLBANNER00000C',
    ...CONTENT_SLOTS.sellBanner,
    title: 'Proactive promotion, included free',
    content:
      "We don't wait for buyers to find you: as soon as your truck is listed we match it with subscribed buyers and dealers looking for exactly this vehicle.",
  },
  { id: '01JCONTENTSITENOTICE00000D', ...CONTENT_SLOTS.siteNotice, title: null, content: '' },
] as const;

/** Demo values, not a real firm's: the site shows them marked "demo" until staff save their own. */
const DEMO_FINANCE_SETTINGS: FinanceSettings = {
  defaultAprPercent: 9.9,
  defaultTermMonths: 48,
  defaultDepositPercent: 10,
  representativeExample: { cashPricePounds: 50_000, depositPounds: 5_000, termMonths: 48, aprPercent: 9.9, balloonPounds: 0 },
  fcaNumber: '999999',
  demo: true,
};

const DEMO_VALUATION_ID = '01JDEMOVALUATION0000000001';

export async function seedAdminDemoData(opts: {
  tableName: string;
  privateBucket: string;
  truckImagesBucket: string;
  /** Originals of two listing photos to reuse as the valuation's photos. */
  photoKeys: string[];
  now: Date;
}): Promise<void> {
  const at = opts.now.toISOString();
  await Promise.all(
    DEMO_CONTENT.map((c) =>
      ddb.send(
        new PutCommand({
          TableName: opts.tableName,
          Item: {
            ...keys.pageContent(c.id),
            ...keys.pageContentBySlug(c.pageSlug, c.sectionKey, c.id),
            type: 'PageContent',
            ...c,
            // The notice is off until staff write one.
            isActive: c.content !== '',
            updatedAt: at,
          },
        }),
      ),
    ),
  );
  await ddb.send(
    new PutCommand({
      TableName: opts.tableName,
      Item: { ...keys.financeSettings(), type: 'FinanceSettings', ...DEMO_FINANCE_SETTINGS, updatedAt: at },
    }),
  );
  const imageKeys: string[] = [];
  for (const [n, key] of opts.photoKeys.slice(0, 2).entries()) {
    const obj = await s3.send(new GetObjectCommand({ Bucket: opts.truckImagesBucket, Key: `${key}/original.jpg` }));
    const bytes = await obj.Body?.transformToByteArray();
    if (!bytes) continue;
    const target = `valuations/${DEMO_VALUATION_ID}/${n + 1}.jpg`;
    await s3.send(new PutObjectCommand({ Bucket: opts.privateBucket, Key: target, Body: bytes, ContentType: 'image/jpeg' }));
    imageKeys.push(target);
  }
  const valuationAt = new Date(opts.now.getTime() - 2 * 3600 * 1000).toISOString();
  await ddb.send(
    new PutCommand({
      TableName: opts.tableName,
      Item: {
        ...keys.valuationRequest(DEMO_VALUATION_ID),
        ...keys.valuationRequestsByDate(valuationAt),
        type: 'ValuationRequest',
        id: DEMO_VALUATION_ID,
        createdAt: valuationAt,
        make: 'daf',
        model: 'XF 480',
        vehicleType: 'articulated',
        age: 2019,
        mileage: 412000,
        motStatus: 'valid',
        wheelConfiguration: '4x2',
        transmissionType: 'automatic',
        additionalInfo: 'One owner, full service history, new tyres last year.',
        contactName: 'Owen Haulage',
        contactEmail: 'owen@haulage.example',
        contactPhone: '07700 900456',
        company: 'Owen Haulage Ltd',
        imageKeys,
        status: 'new',
      },
    }),
  );
  const contactAt = new Date(opts.now.getTime() - 5 * 3600 * 1000).toISOString();
  await ddb.send(
    new PutCommand({
      TableName: opts.tableName,
      Item: {
        ...keys.contactMessage('01JDEMOCONTACT000000000001'),
        ...keys.contactMessagesByDate(contactAt),
        type: 'ContactMessage',
        id: '01JDEMOCONTACT000000000001',
        createdAt: contactAt,
        firstName: 'Priya',
        lastName: 'Shah',
        email: 'priya.shah@mailbox.example',
        subject: 'Finance on a 2020 Scania R450',
        message: 'Do your finance partners cover private buyers as well as operators?',
        status: 'new',
      },
    }),
  );
}
