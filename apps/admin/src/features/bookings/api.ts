/**
 * The bookings screens' calls to the API (office booking tools): the paged list, one booking, its actions and
 * the manual booking, with their cache keys. Every action answers the booking as it is now, so
 * the page shows the server's state at once instead of guessing it; lists and the bell are
 * fetched again after any change.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BookingDetail,
  BookingListQueryInput,
  BookingRow,
  CancelAttendeeInput,
  CancelBookingInput,
  ManualBookingInput,
  RecordPaymentInput,
  RefundBookingInput,
  SwapAttendeeInput,
  TransferBookingInput,
} from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { unwrapPage } from "../../lib/paging";
import { API_URL } from "../../lib/config";

export const bookingKeys = {
  all: ["bookings"] as const,
  list: (query: BookingListQueryInput) => ["bookings", "list", query] as const,
  detail: (id: number) => ["bookings", "detail", id] as const,
  transferOptions: (id: number) => ["bookings", "transfer-options", id] as const,
  documents: (id: number) => ["bookings", "documents", id] as const,
  course: (id: number) => ["bookings", "course", id] as const,
  courses: ["bookings", "courses"] as const,
};

/** One page of bookings, filtered, sorted and searched on the server (x-total-count). */
export function useBookingsPage(query: BookingListQueryInput) {
  return useQuery({
    queryKey: bookingKeys.list(query),
    queryFn: () => unwrapPage<BookingRow>(api.bookings.list({ query })),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: number, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: () => unwrap(api.bookings.detail({ params: { id } })),
    enabled,
    staleTime: 0,
  });
}

/** Dates a booking's course may move to (same course, upcoming), with places left; fresh each time the picker opens. */
export function useTransferOptions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.transferOptions(id),
    queryFn: () => unwrap(api.bookings.transferOptions({ params: { id } })),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** After any change: the booking as the server answered it, and everything that counts bookings again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async (booking: BookingDetail) => {
    queryClient.setQueryData(bookingKeys.detail(booking.id), booking);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, "list"] }),
      queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, "transfer-options"] }),
      // A payment, refund or price change issues an invoice or credit note.
      queryClient.invalidateQueries({ queryKey: bookingKeys.documents(booking.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.enrollments }),
      queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]);
  };
}

type ActionOptions = { onSuccess?: (booking: BookingDetail) => void; onError?: (error: Error) => void };

export function useCancelBooking(id: number, options: ActionOptions = {}) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: CancelBookingInput) => unwrap(api.bookings.cancel({ params: { id }, body })),
    onSuccess: async (booking) => {
      await afterChange(booking);
      options.onSuccess?.(booking);
    },
    onError: options.onError,
  });
}

export function useRefundBooking(id: number, options: ActionOptions = {}) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: RefundBookingInput) => unwrap(api.bookings.refund({ params: { id }, body })),
    onSuccess: async (booking) => {
      await afterChange(booking);
      options.onSuccess?.(booking);
    },
    onError: options.onError,
  });
}

export function useTransferBooking(id: number, options: ActionOptions = {}) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: TransferBookingInput) => unwrap(api.bookings.transfer({ params: { id }, body })),
    onSuccess: async (booking) => {
      await afterChange(booking);
      options.onSuccess?.(booking);
    },
    onError: options.onError,
  });
}

/** The office's single-attendee actions (attendee changes): cancel a place, hand it to someone else, correct a name. */
export function useAttendeeAction(id: number, options: ActionOptions = {}) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (
      action:
        | { kind: "cancel"; attendeeId: number; body: CancelAttendeeInput }
        | { kind: "swap" | "rename"; attendeeId: number; body: SwapAttendeeInput },
    ) => {
      const params = { id, attendeeId: action.attendeeId };
      if (action.kind === "cancel") return unwrap(api.bookings.cancelAttendee({ params, body: action.body }));
      if (action.kind === "swap") return unwrap(api.bookings.swapAttendee({ params, body: action.body }));
      return unwrap(api.bookings.renameAttendee({ params, body: action.body }));
    },
    onSuccess: async (booking) => {
      await afterChange(booking);
      options.onSuccess?.(booking);
    },
    onError: options.onError,
  });
}

export function useResendConfirmation(id: number, options: ActionOptions = {}) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      unwrap(api.bookings.resendConfirmation({ params: { id }, body: { idempotency_key: idempotencyKey } })),
    onSuccess: async (booking) => {
      await afterChange(booking);
      options.onSuccess?.(booking);
    },
    onError: options.onError,
  });
}

/** Money received later on a manual booking (an invoice paid). */
export function useRecordPayment(id: number, options: ActionOptions = {}) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: RecordPaymentInput) => unwrap(api.bookings.recordPayment({ params: { id }, body })),
    onSuccess: async (booking) => {
      await afterChange(booking);
      options.onSuccess?.(booking);
    },
    onError: options.onError,
  });
}

/** Adds a note, then reads the booking again (the note and its history entry). */
export function useAddNote(id: number, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; idempotency_key: string }) => unwrap(api.bookings.addNote({ params: { id }, body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(id) });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}

export function useCreateBooking(options: ActionOptions = {}) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: ManualBookingInput) => unwrap(api.bookings.create({ body })),
    onSuccess: async (booking) => {
      await afterChange(booking);
      options.onSuccess?.(booking);
    },
    onError: options.onError,
  });
}

/** The catalogue's courses, for the manual booking's course choice. */
export function useCourseChoices() {
  return useQuery({ queryKey: bookingKeys.courses, queryFn: () => unwrap(api.courses.list()), staleTime: 30_000 });
}

/** One course with its dates (places left) and add-ons, for the manual booking. */
export function useCourseForBooking(id: number | null) {
  return useQuery({
    queryKey: bookingKeys.course(id ?? 0),
    queryFn: () => unwrap(api.courses.byId({ params: { id: id ?? 0 } })),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * Absolute URL of an API path for a plain link (receipt PDF, CSV export): the admin session
 * cookie goes with it because the portal and the API are the same site.
 */
export function apiLink(path: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value) params.set(key, value);
  const search = params.toString();
  return `${API_URL}${path}${search ? `?${search}` : ""}`;
}

/** A fresh key for one action: a retried click of the same dialog sends the same key. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
