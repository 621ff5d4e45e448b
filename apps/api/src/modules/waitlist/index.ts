/** What other modules use of the waiting lists: taking an entry off the list (the customer's "Leave the list"). */
export { removeEntry } from "./service";
