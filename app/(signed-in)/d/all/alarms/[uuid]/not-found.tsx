import { AlarmNotFoundAnywhere } from "@/components/alarm-detail/alarm-not-found-anywhere";

export default AlarmNotFoundAnywhere;
