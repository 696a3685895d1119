import { AlarmsNotFound } from "@/components/alarm-detail/lazy-alarm-not-found";

// The detail's layout (which rejects malformed and unknown ids before anything streams) sits
// above app/alarms/[uuid]/not-found.tsx, so its 404 lands here, still inside the console shell:
// the deployment's alarm not found, or (/d/all/alarms/<uuid>) no deployment the analyst may see
// holds it. Each panel's code is fetched when it is shown (a not-found boundary is part of every
// page below it).
export default AlarmsNotFound;
