/**
 * Spec §8: the words for a call that got no answer, the same in the site and the admin portal.
 */
export const TIMEOUT_MESSAGE = "Network timeout. Please check your internet connection.";
export const OFFLINE_MESSAGE = "No Internet connection. Please check your internet connection.";
/** Spec §8: an HTTP error without a server message. */
export const httpStatusMessage = (status: number): string => `Request failed with status ${status}`;
