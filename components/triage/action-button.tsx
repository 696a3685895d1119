"use client";
// A triage action's button (Take it, Release, Acknowledge, a bulk action): a plain button, "btn" unless told.

import type { ButtonHTMLAttributes } from "react";

export function ActionButton({
  className = "btn",
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  return <button type="button" className={className} {...props} />;
}
