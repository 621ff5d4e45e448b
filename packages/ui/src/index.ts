// @app/ui: shared React components. Formatting helpers live in "@app/ui/format",
// styles in "@app/ui/styles.css" (import once at each app's entry).
export { cx } from "./utils";
export { TOAST_DURATION_MS, MOBILE_BREAKPOINT_PX, DEFAULT_PAGE_WINDOW } from "./constants";

export { Button, ButtonLink, buttonClassName } from "./components/Button";
export type { ButtonProps, ButtonLinkProps, ButtonStyleOptions, ButtonVariant, ButtonSize } from "./components/Button";

export { TextField, TextAreaField, SelectField, CheckboxField } from "./components/fields";
export type {
  FieldBaseProps,
  TextFieldProps,
  TextAreaFieldProps,
  SelectFieldProps,
  SelectOption,
  CheckboxFieldProps,
} from "./components/fields";

export { Modal } from "./components/Modal";
export type { ModalProps, ModalSize } from "./components/Modal";
export { ConfirmDialog } from "./components/ConfirmDialog";
export type { ConfirmDialogProps } from "./components/ConfirmDialog";

export { ToastProvider, useToast } from "./components/Toast";
export type { Toast, ToastType, ToastApi, ToastProviderProps } from "./components/Toast";

export { Skeleton, SkeletonText } from "./components/Skeleton";
export type { SkeletonProps, SkeletonTextProps, SkeletonVariant } from "./components/Skeleton";
export { Spinner } from "./components/Spinner";
export type { SpinnerProps, SpinnerSize } from "./components/Spinner";
export { VisuallyHidden } from "./components/VisuallyHidden";
export type { VisuallyHiddenProps } from "./components/VisuallyHidden";

export { ErrorState, EmptyState } from "./components/States";
export type { ErrorStateProps, EmptyStateProps } from "./components/States";

export { Breadcrumb } from "./components/Breadcrumb";
export type { BreadcrumbProps, BreadcrumbItem, BreadcrumbLinkArgs } from "./components/Breadcrumb";

export { Accordion } from "./components/Accordion";
export type { AccordionProps, AccordionItem } from "./components/Accordion";

export { Pagination, pageWindow } from "./components/Pagination";
export type { PaginationProps } from "./components/Pagination";

export { useIsClient } from "./components/useIsClient";
