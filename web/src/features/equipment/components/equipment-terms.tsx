import { EQUIPMENT_TERMS } from '@shared/schemas/equipment';

/** The 14-day right to cancel for consumers and how to return an item (issue 24 §3). */
export function EquipmentTerms({ className }: { className?: string }) {
  return (
    <section aria-labelledby="equipment-terms" className={className}>
      <h2 id="equipment-terms" className="text-base font-semibold">
        Your right to cancel and returns
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{EQUIPMENT_TERMS.rightToCancel}</p>
      <p className="mt-1 text-sm text-muted-foreground">{EQUIPMENT_TERMS.howToReturn}</p>
    </section>
  );
}
