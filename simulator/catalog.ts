// The synthetic estate the alarms happen in: sensors, internal hosts, and the pools external
// addresses, users and domains are drawn from. Built once per seed; small enough to keep whole.
import { Rng, hash32 } from "./prng";

export interface Sensor {
  uuid: string;
  name: string;
}

export interface InternalHost {
  address: string;
  hostname: string;
  fqdn: string;
  assetId: string;
}

export interface Country {
  code: string;
  /** First octets of the address blocks its organisations announce. */
  octets: readonly number[];
  organisations: readonly string[];
}

export interface Catalog {
  sensors: readonly Sensor[];
  sensorWeights: readonly number[];
  hosts: readonly InternalHost[];
}

export const CORP_DOMAIN = "corp.acme-example.com";
export const MAIL_DOMAIN = "acme-example.com";

const SENSOR_NAMES = [
  "usm-sensor-aws-us-east-1",
  "usm-sensor-vmware-hq",
  "usm-sensor-azure-westeurope",
  "usm-sensor-hyperv-branch",
  "usm-sensor-gcp-us-central1",
];
const SENSOR_WEIGHTS = [35, 30, 18, 10, 7];

// prettier-ignore
const HOST_ROLES = [
  "web", "app", "db", "dc", "mail", "vpn", "file", "build", "jump", "k8s-node", "backup",
  "ws-fin", "ws-hr", "ws-eng", "ws-sales", "ws-ops", "print", "proxy",
];

// prettier-ignore
export const COUNTRIES: readonly Country[] = [
  { code: "US", octets: [3, 18, 34, 52, 104, 142, 198], organisations: ["Amazon.com, Inc.", "Google LLC", "Microsoft Corporation", "DigitalOcean, LLC", "Comcast Cable Communications, LLC"] },
  { code: "CN", octets: [58, 61, 112, 117, 218, 222], organisations: ["China Telecom", "China Unicom Beijing Province Network", "Alibaba (US) Technology Co., Ltd."] },
  { code: "RU", octets: [5, 31, 77, 95, 178, 188], organisations: ["Rostelecom", "Selectel Ltd.", "MTS PJSC"] },
  { code: "NL", octets: [45, 89, 185, 194], organisations: ["DigitalOcean, LLC", "Leaseweb Netherlands B.V.", "Serverius Holding B.V."] },
  { code: "DE", octets: [46, 78, 88, 116, 136], organisations: ["Hetzner Online GmbH", "Contabo GmbH", "Deutsche Telekom AG"] },
  { code: "BR", octets: [177, 179, 186, 189, 200], organisations: ["Telefonica Brasil S.A", "Claro S.A.", "TIM S/A"] },
  { code: "IN", octets: [49, 103, 117, 122], organisations: ["Bharti Airtel Ltd.", "Reliance Jio Infocomm Limited"] },
  { code: "VN", octets: [14, 27, 113, 171], organisations: ["VNPT Corp", "Viettel Group"] },
  { code: "KR", octets: [1, 61, 121, 211], organisations: ["Korea Telecom", "SK Broadband Co Ltd"] },
  { code: "FR", octets: [51, 54, 91, 145], organisations: ["OVH SAS", "Orange S.A.", "Scaleway"] },
  { code: "GB", octets: [2, 31, 81, 86], organisations: ["British Telecommunications PLC", "Virgin Media Limited"] },
  { code: "IR", octets: [5, 37, 91, 185], organisations: ["Iran Telecommunication Company PJS"] },
  { code: "UA", octets: [37, 91, 176, 193], organisations: ["Kyivstar PJSC", "Ukrtelecom"] },
  { code: "SG", octets: [13, 43, 128, 159], organisations: ["Amazon.com, Inc.", "Tencent Cloud Computing"] },
];
export const COUNTRY_WEIGHTS = [22, 18, 12, 8, 7, 5, 5, 5, 3, 4, 3, 2, 2, 4];

// prettier-ignore
export const USERS = [
  "administrator", "admin", "root", "jsmith", "mgarcia", "akhan", "svc_backup", "svc_sql",
  "lchen", "oracle", "ubuntu", "test", "guest", "pjohnson", "ec2-user", "dkowalski", "epatel",
];

// prettier-ignore
export const BAD_DOMAINS = [
  "update-check.top", "cdn-statics.xyz", "login-microsoftonline.cc", "pastebin-cdn.ru",
  "secure-docs-share.info", "api-telemetry.biz", "wpad-proxy.net", "dropbox-files.cn",
];

export function buildCatalog(seed: number): Catalog {
  const rng = new Rng(hash32(seed, 0xca7a));
  const sensors = SENSOR_NAMES.map((name) => ({ uuid: rng.uuid(), name }));
  const hosts: InternalHost[] = [];
  const seen = new Set<string>();
  for (const role of HOST_ROLES) {
    const copies = role.startsWith("ws-") ? rng.int(4, 9) : rng.int(1, 4);
    for (let n = 1; n <= copies; n++) {
      const address = rng.chance(0.75)
        ? `10.${rng.int(0, 3)}.${rng.int(0, 40)}.${rng.int(2, 254)}`
        : `192.168.${rng.int(0, 12)}.${rng.int(2, 254)}`;
      if (seen.has(address)) continue;
      seen.add(address);
      const hostname = `${role}-${String(n).padStart(2, "0")}`;
      hosts.push({ address, hostname, fqdn: `${hostname}.${CORP_DOMAIN}`, assetId: rng.uuid() });
    }
  }
  return { sensors, sensorWeights: SENSOR_WEIGHTS, hosts };
}
