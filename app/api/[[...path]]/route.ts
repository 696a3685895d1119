// /api and any path under it that no route serves - 404 in our error shape, whatever the method (not an HTML page)
import { unknownEndpoint } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export {
  unknownEndpoint as GET,
  unknownEndpoint as POST,
  unknownEndpoint as PUT,
  unknownEndpoint as PATCH,
  unknownEndpoint as DELETE,
};
