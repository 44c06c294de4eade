import type { Explainer, Partner } from './partner';

export const WARRANTY_PARTNERS: Partner[] = [
  {
    name: 'Drivetrain Assured',
    description: 'Engine, gearbox and axle warranties for used trucks up to twelve years old, with repairs at any approved workshop.',
    website: 'https://drivetrain-assured.example',
    phone: '01632 960133',
    email: 'claims@drivetrain-assured.example',
    specialties: ['Engine & gearbox', 'Any approved workshop', 'Up to 12 years'],
  },
  {
    name: 'Haulcare Warranty',
    description: 'Extended warranties that carry on where the manufacturer warranty ends, on 12, 24 or 36 month terms.',
    website: 'https://haulcare-warranty.example',
    phone: '020 7946 0244',
    email: 'sales@haulcare-warranty.example',
    specialties: ['Extended warranty', '12–36 months', 'Transferable'],
  },
  {
    name: 'Fleetshield Protection',
    description: 'Fleet-wide mechanical breakdown cover with one renewal date and a single claims contact for every vehicle.',
    website: 'https://fleetshield.example',
    phone: '01632 960352',
    email: 'fleet@fleetshield.example',
    specialties: ['Fleet Protection', 'Single renewal', 'Mixed fleets'],
  },
  {
    name: 'Dealer Backed Warranties',
    description: 'Warranties sold alongside used trucks by independent dealers, with claims handled directly by the warranty company.',
    website: 'https://dealer-backed.example',
    phone: '020 7946 0475',
    email: 'support@dealer-backed.example',
    specialties: ['Dealer warranties', 'Used trucks', 'Direct claims'],
  },
  {
    name: 'Cool Running Cover',
    description: 'Breakdown cover for refrigeration units, tail lifts and hydraulics, the parts that keep a specialist truck earning.',
    website: 'https://coolrunning-cover.example',
    phone: '01632 960568',
    email: 'cover@coolrunning-cover.example',
    specialties: ['Fridge units', 'Tail lifts', 'Hydraulics'],
  },
  {
    name: 'Electric Truck Care',
    description: 'Battery and electric drivetrain warranties for battery-electric trucks, including battery health reports.',
    website: 'https://electric-truck-care.example',
    phone: '020 7946 0689',
    email: 'hello@electric-truck-care.example',
    specialties: ['Electric trucks', 'Battery cover', 'Health reports'],
  },
];

export const WARRANTY_EXPLAINERS: Explainer[] = [
  {
    title: 'Mechanical Breakdown',
    summary: 'Pays for repairs when a covered part fails suddenly.',
    points: [
      'Engine, gearbox, differential and electrical components',
      'Parts and labour up to the claim limit',
      'Wear and tear is usually excluded, so check the policy terms',
    ],
  },
  {
    title: 'Extended Warranties',
    summary: 'Keeps you covered after the manufacturer warranty runs out.',
    points: [
      'Terms of 12, 24 or 36 months',
      'Often transferable, which helps when you sell the truck',
      'Requires servicing to the manufacturer schedule',
    ],
  },
  {
    title: 'Fleet Protection',
    summary: 'One policy for every vehicle in the fleet.',
    points: [
      'A single renewal date and a single claims contact',
      'Vehicles added and removed during the term',
      'Reports on claims across the fleet to spot recurring faults',
    ],
  },
];
