import { AlarmNotFound } from "@/components/alarm-detail/lazy-alarm-not-found";

// The detail's layout (which rejects malformed and unknown ids before anything streams) sits
// above app/alarms/[uuid]/not-found.tsx, so its 404 lands here, still inside the console shell.
export default AlarmNotFound;
