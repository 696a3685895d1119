import { AlarmDetailLoading } from "@/components/alarm-detail/alarm-detail-view";

// The detail from the browser's cache when a hovered row prefetched it, else its skeleton.
export default function Loading() {
  return <AlarmDetailLoading />;
}
