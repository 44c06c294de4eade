import type { Explainer, Partner } from './partner';

export const FINANCE_PARTNERS: Partner[] = [
  {
    name: 'Northway Finance',
    description:
      'Asset finance for owner-drivers and small fleets, with quick decisions on used tractor units and rigids up to ten years old.',
    website: 'https://northway-finance.example',
    phone: '01632 960101',
    email: 'hgv@northway-finance.example',
    specialties: ['Hire Purchase', 'Owner-drivers', 'Used HGVs'],
  },
  {
    name: 'Pennine Commercial Capital',
    description: 'Balloon and flexible-term hire purchase for hauliers who want lower monthly payments while their trucks earn their keep.',
    website: 'https://pennine-capital.example',
    phone: '01632 960214',
    email: 'enquiries@pennine-capital.example',
    specialties: ['Balloon HP', 'Fleet finance', 'Refinancing'],
  },
  {
    name: 'Thameside Asset Finance',
    description: 'Finance leases for limited companies, with VAT spread across the rentals and terms from two to five years.',
    website: 'https://thameside-assetfinance.example',
    phone: '020 7946 0318',
    email: 'leasing@thameside-assetfinance.example',
    specialties: ['Finance Lease', 'Limited companies', 'VAT deferral'],
  },
  {
    name: 'Harbour Lane Leasing',
    description:
      'Operating leases with maintenance packages for fleets that prefer a fixed monthly cost and hand the truck back at the end.',
    website: 'https://harbourlane-leasing.example',
    phone: '01632 960427',
    email: 'fleet@harbourlane-leasing.example',
    specialties: ['Operating Lease', 'Maintenance included', 'Fleets of 5+'],
  },
  {
    name: 'Start-Up Haulage Finance',
    description:
      'Helping new operators with an O-licence get their first truck on the road, including applicants with a limited credit history.',
    website: 'https://startup-haulage-finance.example',
    phone: '020 7946 0532',
    email: 'newstarts@startup-haulage-finance.example',
    specialties: ['New businesses', 'Limited credit history', 'First truck'],
  },
  {
    name: 'Greenfleet Funding',
    description: 'Finance for Euro VI, electric and gas trucks, with terms matched to Clean Air Zone and LEZ upgrade plans.',
    website: 'https://greenfleet-funding.example',
    phone: '01632 960645',
    email: 'hello@greenfleet-funding.example',
    specialties: ['Euro VI', 'Electric trucks', 'Clean Air Zones'],
  },
];

export const FINANCE_EXPLAINERS: Explainer[] = [
  {
    title: 'Hire Purchase',
    summary: 'Spread the cost over a fixed term and own the truck once the last payment is made.',
    points: [
      'Usually a deposit of around 10% followed by fixed monthly payments',
      'The truck appears on your balance sheet, so you can claim capital allowances',
      'A balloon payment at the end can lower the monthly cost',
    ],
  },
  {
    title: 'Finance Lease',
    summary: 'Rent the truck for most of its working life; the finance company keeps ownership.',
    points: [
      'Rentals are normally an allowable business expense',
      'VAT is paid on each rental rather than up front',
      'At the end you can extend the lease or sell the truck and keep most of the proceeds',
    ],
  },
  {
    title: 'Operating Lease',
    summary: 'Use the truck for an agreed period and mileage, then hand it back.',
    points: [
      'Lower rentals because the lender takes the resale risk',
      'Maintenance and tyres can be included for a fixed monthly cost',
      'Excess mileage and damage charges apply when the truck is returned',
    ],
  },
];
