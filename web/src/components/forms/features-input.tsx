import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';

/** Features as a list of chips: type one, press Enter or Add; remove any with its ×. */
export function FeaturesInput({
  value,
  onChange,
  max = 50,
  maxLength = 100,
  disabled,
}: {
  value: string[];
  onChange: (features: string[]) => void;
  max?: number;
  maxLength?: number;
  disabled?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const text = draft.trim();
    if (!text) return;
    if (!value.some((f) => f.toLowerCase() === text.toLowerCase()) && value.length < max) onChange([...value, text]);
    setDraft('');
  };
  return (
    <div className="space-y-3">
      <Label htmlFor={id}>Add a feature</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={maxLength}
          disabled={disabled || value.length >= max}
          placeholder="e.g. Air conditioning, Tail lift, Full service history"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} disabled={disabled || !draft.trim()}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {value.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Features">
          {value.map((f) => (
            <li
              key={f}
              className="inline-flex items-center gap-1 rounded-full bg-primary/10 py-1 pr-1 pl-3 text-sm font-medium text-primary"
            >
              {f}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((x) => x !== f))}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-primary/20"
                aria-label={`Remove feature ${f}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
