import { TextAreaField, TextField } from "@app/ui";
import { formatPounds } from "@app/ui/format";
import { emptyAddOn, totalPrice } from "../trainingForm";
import type { AddOnDraft } from "../trainingForm";
import { AddButton, listEditor, RemoveButton, Section } from "./parts";
import type { SectionProps } from "./parts";

/** Optional extras with their prices, and the total with all of them. */
export function AddOnsSection({ draft, set, errors, disabled }: SectionProps) {
  const addOns = listEditor(draft, set, "addOns");
  const total = totalPrice(draft);
  return (
    <Section title="Add-ons">
      {draft.addOns.map((a: AddOnDraft, i) => (
        <fieldset key={a.key} className="tr-row">
          <legend className="tr-row__legend">Add-on {i + 1}</legend>
          <div className="tr-row__fields tr-row__fields--addon">
            <TextField
              label="Name"
              value={a.name}
              onChange={(e) => addOns.update(i, { name: e.target.value })}
              error={errors[`addOns.${i}.name`]}
              disabled={disabled}
            />
            <TextField
              label="Price (£)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={a.price}
              onChange={(e) => addOns.update(i, { price: e.target.value })}
              error={errors[`addOns.${i}.price`]}
              disabled={disabled}
            />
            <TextAreaField
              label="Description"
              rows={2}
              fieldClassName="tr-row__wide"
              value={a.description}
              onChange={(e) => addOns.update(i, { description: e.target.value })}
              disabled={disabled}
            />
          </div>
          <RemoveButton label={`Remove add-on ${i + 1}`} onClick={() => addOns.remove(i)} disabled={disabled} />
        </fieldset>
      ))}
      <AddButton onClick={() => addOns.add(emptyAddOn())} disabled={disabled}>
        Add add-on
      </AddButton>
      {total !== null && draft.addOns.length > 0 ? (
        <p className="tr-total">
          Total with all add-ons: <span className="ui-price">{formatPounds(total)}</span>
        </p>
      ) : null}
    </Section>
  );
}
