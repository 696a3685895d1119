// GET|POST /api/auth/* - next-auth's sign-in, callback, session and sign-out endpoints; a
// sign-out first revokes the session in the shared store, and next-auth's own errors answer in
// our error shape (lib/server/api/session-routes.ts)
import { routeMethods } from "@/lib/server/api/route";
import { authEndpoint } from "@/lib/server/api/session-routes";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: authEndpoint,
  POST: authEndpoint,
});
