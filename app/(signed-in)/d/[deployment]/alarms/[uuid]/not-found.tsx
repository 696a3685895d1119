import { AlarmNotFound } from "@/components/alarm-detail/alarm-not-found";

export default AlarmNotFound;
