import type { Metadata } from "next";
import { NotFoundPanel } from "@/components/not-found-panel";

export const metadata: Metadata = { title: "Not found" };

// A page of the signed-in shell that is not there (a deployment that does not exist, or that the
// analyst may not see): inside the shell, whose header is already on the page.
export default function SignedInNotFound() {
  return <NotFoundPanel />;
}
