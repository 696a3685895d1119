import { AlarmNotFound } from "@/components/alarm-detail/lazy-alarm-not-found";

export default AlarmNotFound;
