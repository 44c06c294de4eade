import type { Explainer, Partner } from './partner';

export const INSURANCE_PARTNERS: Partner[] = [
  {
    name: 'Milestone Commercial Insurance',
    description: 'Specialist HGV cover for owner-drivers and small fleets, with a dedicated claims line that answers around the clock.',
    website: 'https://milestone-insurance.example',
    phone: '01632 960172',
    email: 'quotes@milestone-insurance.example',
    specialties: ['Owner-drivers', 'Comprehensive', '24/7 claims'],
  },
  {
    name: 'Roadguard Underwriting',
    description: 'Fleet policies for five vehicles or more, with any-driver cover and premiums that reward telematics data.',
    website: 'https://roadguard-underwriting.example',
    phone: '020 7946 0281',
    email: 'fleet@roadguard-underwriting.example',
    specialties: ['Fleet insurance', 'Telematics', 'Any driver'],
  },
  {
    name: 'Carriers Mutual',
    description: 'A mutual insurer for the haulage trade, covering goods in transit, public liability and employers liability.',
    website: 'https://carriers-mutual.example',
    phone: '01632 960389',
    email: 'members@carriers-mutual.example',
    specialties: ['Goods in Transit', 'Public liability', 'Employers liability'],
  },
  {
    name: 'Coldchain Cover',
    description: 'Insurance for refrigerated operators, including breakdown of the fridge unit and deterioration of the load.',
    website: 'https://coldchain-cover.example',
    phone: '020 7946 0456',
    email: 'cover@coldchain-cover.example',
    specialties: ['Refrigerated', 'Stock deterioration', 'Temperature-controlled'],
  },
  {
    name: 'Plant & Haulage Brokers',
    description: 'Cover for tippers, grab loaders, beavertails and low loaders, including hired-in plant carried on your vehicles.',
    website: 'https://plant-haulage-brokers.example',
    phone: '01632 960593',
    email: 'tipper@plant-haulage-brokers.example',
    specialties: ['Tippers', 'Plant movement', 'Hired-in plant'],
  },
  {
    name: 'Newstart Truck Insurance',
    description: 'Policies for newly qualified HGV drivers and new operators, with help building a claims-free record.',
    website: 'https://newstart-truck.example',
    phone: '020 7946 0617',
    email: 'help@newstart-truck.example',
    specialties: ['New drivers', 'New operators', 'Third party'],
  },
];

export const INSURANCE_EXPLAINERS: Explainer[] = [
  {
    title: 'Third Party Liability',
    summary: 'The legal minimum for a truck on a UK road.',
    points: [
      'Covers injury to other people and damage to their property',
      'Does not pay for damage to your own truck',
      'Often extended to include fire and theft',
    ],
  },
  {
    title: 'Comprehensive Cover',
    summary: 'Third party cover plus damage to your own vehicle, whoever is at fault.',
    points: [
      'Accidental damage, fire, theft and vandalism',
      'Windscreen and recovery are often included',
      'Can add a replacement vehicle to keep you working',
    ],
  },
  {
    title: 'Goods in Transit',
    summary: 'Protects the load you carry, which motor insurance does not cover.',
    points: [
      'Loss of or damage to goods while loaded, carried and unloaded',
      'Set the limit per load to match the value of what you move',
      'Often required by customers and under RHA conditions of carriage',
    ],
  },
];
