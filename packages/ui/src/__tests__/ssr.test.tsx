// @vitest-environment node
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Accordion,
  Breadcrumb,
  Button,
  ButtonLink,
  CheckboxField,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Modal,
  Pagination,
  SelectField,
  Skeleton,
  SkeletonText,
  Spinner,
  TextAreaField,
  TextField,
  ToastProvider,
} from "../index";

describe("server rendering", () => {
  it("renders every component without window or document", () => {
    expect(typeof window).toBe("undefined");
    const html = renderToString(
      <ToastProvider>
        <Breadcrumb items={[{ label: "Home", href: "/" }, { label: "SIA Courses" }]} />
        <Button loading loadingLabel="Submitting...">
          Submit
        </Button>
        <ButtonLink href="/all-courses">See Details</ButtonLink>
        <TextField label="First name*" error="First name is required" />
        <TextAreaField label="Message" hint="At least 10 characters" />
        <SelectField label="Country*" options={[{ value: "United Kingdom", label: "United Kingdom" }]} />
        <CheckboxField label="I agree" />
        <Modal open onClose={() => {}} title="Message Details">
          body
        </Modal>
        <ConfirmDialog open title="Delete Training" message="Sure?" onConfirm={() => {}} onCancel={() => {}} />
        <Skeleton variant="block" height={180} />
        <SkeletonText lines={2} />
        <Spinner />
        <ErrorState message="Failed to load" onRetry={() => {}} />
        <EmptyState title="No courses available" />
        <Accordion items={[{ id: "a", title: "Q", content: "Answer text" }]} defaultOpenId="a" />
        <Pagination page={2} totalPages={3} onPageChange={() => {}} />
      </ToastProvider>,
    );
    expect(html).toContain('aria-current="page"');
    expect(html).toContain("Answer text");
    expect(html).toContain('role="status"');
    // dialogs are client-only: nothing on the server
    expect(html).not.toContain("Message Details");
    expect(html).not.toContain('role="dialog"');
  });
});
