/** The equipment store's hard-coded catalogue (spec §2 Equipment store, §3 hard-coded data), shared so the server prices the checkout. */
export const EQUIPMENT_CATEGORIES = ['PPE', 'Load Securing', 'Safety Equipment', 'Office Supplies'] as const;
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];

/** Which inline illustration to draw for an item (we draw icons rather than ship photos). */
export type EquipmentImage = 'ppe' | 'load-securing' | 'safety' | 'office';

export interface EquipmentItem {
  id: string;
  name: string;
  description: string;
  /** Pounds, including VAT. */
  price: number;
  category: EquipmentCategory;
  image: EquipmentImage;
  inStock: boolean;
  /** Average rating out of 5. */
  rating: number;
  reviews: number;
}

export const EQUIPMENT_ITEMS: EquipmentItem[] = [
  {
    id: 'hi-vis-vest',
    name: 'Hi-Vis Vest',
    description: 'Yellow Class 2 vest to EN ISO 20471 with two reflective bands and a hook-and-loop front. One size.',
    price: 4.99,
    category: 'PPE',
    image: 'ppe',
    inStock: true,
    rating: 4.6,
    reviews: 212,
  },
  {
    id: 'safety-boots',
    name: 'S3 Safety Boots',
    description: 'Waterproof leather boots with composite toe cap and midsole, slip-resistant sole. Sizes 6–13.',
    price: 54.99,
    category: 'PPE',
    image: 'ppe',
    inStock: true,
    rating: 4.4,
    reviews: 87,
  },
  {
    id: 'work-gloves',
    name: 'Grip Work Gloves (3 pairs)',
    description: 'Nitrile-coated gloves with a good grip on straps and curtains, cut level B. Sizes M–XL.',
    price: 8.49,
    category: 'PPE',
    image: 'ppe',
    inStock: true,
    rating: 4.2,
    reviews: 143,
  },
  {
    id: 'ratchet-straps',
    name: 'Ratchet Straps with Edge Protectors (4 pack)',
    description: '50 mm × 10 m straps rated LC 2,500 daN to EN 12195-2, with claw hooks and four corner edge protectors.',
    price: 34.99,
    category: 'Load Securing',
    image: 'load-securing',
    inStock: true,
    rating: 4.7,
    reviews: 318,
  },
  {
    id: 'load-bars',
    name: 'Adjustable Load Bars (pair)',
    description: 'Aluminium load-restraint bars for curtainsiders and box bodies, adjusting from 2.35 m to 2.70 m.',
    price: 59.99,
    category: 'Load Securing',
    image: 'load-securing',
    inStock: false,
    rating: 4.3,
    reviews: 54,
  },
  {
    id: 'warning-triangle',
    name: 'Warning Triangle',
    description: 'Folding reflective triangle to ECE R27 with a weighted base and storage case.',
    price: 12.99,
    category: 'Safety Equipment',
    image: 'safety',
    inStock: true,
    rating: 4.5,
    reviews: 96,
  },
  {
    id: 'fire-extinguisher',
    name: '2 kg Powder Fire Extinguisher',
    description: 'ABC dry powder extinguisher with vehicle bracket and pressure gauge, suitable for cab fitting.',
    price: 29.99,
    category: 'Safety Equipment',
    image: 'safety',
    inStock: true,
    rating: 4.8,
    reviews: 71,
  },
  {
    id: 'first-aid-kit',
    name: 'Vehicle First-Aid Kit',
    description: 'BS 8599-2 medium travel kit in a wall-mountable case, with burns dressings and foil blanket.',
    price: 19.99,
    category: 'Safety Equipment',
    image: 'safety',
    inStock: false,
    rating: 4.1,
    reviews: 38,
  },
  {
    id: 'tachograph-rolls',
    name: 'Digital Tachograph Rolls (3 pack)',
    description: 'Type-approved 57 mm thermal print rolls for VDO and Stoneridge digital tachographs.',
    price: 7.49,
    category: 'Office Supplies',
    image: 'office',
    inStock: true,
    rating: 4.6,
    reviews: 264,
  },
  {
    id: 'cmr-notes',
    name: 'CMR Consignment Notes (pad of 50)',
    description: 'Four-part carbonless CMR notes in English for international road haulage.',
    price: 14.99,
    category: 'Office Supplies',
    image: 'office',
    inStock: true,
    rating: 4.3,
    reviews: 49,
  },
];
