/** A partner company shown on the finance, insurance and warranty pages (spec §3 hard-coded data). */
export interface Partner {
  name: string;
  description: string;
  /** Reserved example domains only: these companies are fictional. */
  website: string;
  phone: string;
  email: string;
  specialties: string[];
}

/** A short explainer of a product type (Hire Purchase, Goods in Transit, …). */
export interface Explainer {
  title: string;
  summary: string;
  points: string[];
}
