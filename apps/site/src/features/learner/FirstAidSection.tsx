import { useState } from "react";
import { formatDayWithWeekday } from "@app/contract/dates";
import type { LearnerForm } from "@app/contract";
import { MAX_EVIDENCE_BYTES, EVIDENCE_TOO_LARGE_MESSAGE, EVIDENCE_TYPE_MESSAGE } from "@app/contract";
import { Link } from "../../components/Link";
import { learnerApi } from "./api";
import type { FieldKit } from "./learnerFields";
import { Section } from "./LearnerFormParts";

type Props = {
  token: string;
  form: LearnerForm;
  /** The form as the API answers after the certificate is uploaded. */
  onForm: (form: LearnerForm) => void;
  kit: FieldKit;
};

/** The first aid qualification for door supervisors and security guards: its details and the certificate's upload. */
export function FirstAidSection({ token, form, onForm, kit: { text, autosave } }: Props) {
  const [uploading, setUploading] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_EVIDENCE_BYTES)
      return autosave.setErrors((e) => ({ ...e, first_aid_certificate: EVIDENCE_TOO_LARGE_MESSAGE }));
    if (!/\.(pdf|jpe?g|png|webp)$/i.test(file.name) && !/^(application\/pdf|image\/(jpeg|png|webp))$/.test(file.type)) {
      return autosave.setErrors((e) => ({ ...e, first_aid_certificate: EVIDENCE_TYPE_MESSAGE }));
    }
    setUploading(true);
    try {
      const dataUrl = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(new Error("Could not read the file"));
        reader.readAsDataURL(file);
      });
      onForm(await learnerApi.upload(token, file.name, dataUrl));
      autosave.setErrors(({ first_aid_certificate: _, ...rest }) => rest);
    } catch (e) {
      autosave.setErrors((x) => ({ ...x, first_aid_certificate: e instanceof Error ? e.message : "Upload failed" }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Section
      title="First aid qualification"
      hint={
        <>
          Door supervisor and security guard learners need a first aid certificate (EFAW or equivalent) that is still valid on{" "}
          <strong>{formatDayWithWeekday(form.first_aid_min_expiry)}</strong> or later (12 months after the course starts). No
          certificate, or one that runs out sooner? <Link to={form.efaw_path}>Book our Emergency First Aid at Work course</Link>.
        </>
      }
    >
      {text("first_aid_title", "Qualification title", { placeholder: "e.g. Emergency First Aid at Work" })}
      {text("first_aid_body", "Awarding body", { placeholder: "e.g. Qualsafe, HABC, St John Ambulance" })}
      {text("first_aid_achieved_on", "Date achieved", { type: "date" })}
      {text("first_aid_expires_on", "Expiry date", { type: "date" })}
      {autosave.errors.first_aid_expires_on ? (
        <p className="learner-efaw">
          <Link to={form.efaw_path}>See the EFAW course and its dates</Link>
        </p>
      ) : null}
      <div className={`ui-field learner-upload${autosave.errors.first_aid_certificate ? " ui-field--invalid" : ""}`}>
        <label className="ui-field__label" htmlFor="f-certificate">
          Photo or scan of your certificate
        </label>
        <p className="ui-field__hint" id="f-certificate-hint">
          PDF, JPEG, PNG or WebP, up to 10 MB.{" "}
          {form.evidence ? (
            <strong>Uploaded: {form.evidence.file_name}</strong>
          ) : (
            <span className="learner-todo">Still needed</span>
          )}
        </p>
        <input
          id="f-certificate"
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp"
          aria-describedby="f-certificate-hint"
          onChange={(e) => void onFile(e.target.files?.[0])}
          disabled={uploading}
        />
        {uploading ? <p className="ui-field__hint">Uploading…</p> : null}
        {autosave.errors.first_aid_certificate ? (
          <p className="ui-field__error">{autosave.errors.first_aid_certificate}</p>
        ) : null}
      </div>
    </Section>
  );
}
