import { z } from "zod";
import { adminResponses, c, ErrorSchema, MessageSchema, requiredText, TEXT_MAX } from "./common";

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_LOCK_MINUTES = 15;
/** Longest password the login accepts (hashing megabytes would be a denial of service). */
export const PASSWORD_MAX = 256;

export const LoginSchema = z.object({
  email: requiredText("Email is required", TEXT_MAX.email).pipe(z.string().email("Please enter a valid email address")),
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX, "Invalid email or password"),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const authContract = c.router({
  login: {
    method: "POST",
    path: "/login",
    body: LoginSchema,
    responses: {
      200: z.object({ access_token: z.string(), user: UserSchema }),
      /** Wrong e-mail or password: carries attempts / max_attempts. */
      401: ErrorSchema,
      /** Locked after too many failures: carries locked_until. */
      423: ErrorSchema,
    },
    summary: "Sign in; sets the session cookie and answers the token and user",
  },
  logout: {
    method: "POST",
    path: "/logout",
    body: c.noBody(),
    responses: { 200: MessageSchema },
    summary: "Ends the session: the token becomes unusable on the server",
  },
  me: {
    method: "GET",
    path: "/me",
    responses: { 200: z.object({ user: UserSchema }), 401: adminResponses[401] },
    summary: "Who is signed in (restores the admin session on load)",
  },
});
