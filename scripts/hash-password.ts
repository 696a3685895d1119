// `npm run hash-password`: reads a password (typed without echo on a terminal, or piped on stdin)
// and prints its bcrypt hash (cost 12) and the AUTH_LOCAL_USERS entry to use.
//   npm run hash-password -- alice          -> prompts, prints  alice:$2b$12$...
//   printf '%s' "$PASSWORD" | npm run hash-password -- alice
import bcrypt from "bcryptjs";

const COST = 12;
const MIN_LENGTH = 12;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPiped(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  // A trailing newline from `echo` is not part of the password.
  return text.replace(/\r?\n$/, "");
}

/** Reads one line from the terminal without echoing it. */
function prompt(question: string): Promise<string> {
  return new Promise((resolve) => {
    const input = process.stdin;
    process.stderr.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    let value = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stderr.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          input.setRawMode(false);
          process.stderr.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on("data", onData);
  });
}

const username = process.argv[2] ?? "username";
if (!/^[^\s,:]+$/.test(username)) fail("The username may not contain spaces, commas or colons.");

let password: string;
if (process.stdin.isTTY) {
  password = await prompt(`Password for ${username}: `);
  const again = await prompt("Repeat it: ");
  if (again !== password) fail("The two passwords differ; nothing was hashed.");
} else {
  password = await readPiped();
}

if (password.length < MIN_LENGTH) fail(`Use at least ${MIN_LENGTH} characters.`);
if (bcrypt.truncates(password)) {
  fail("bcrypt reads only the first 72 bytes: use a shorter password (or passphrase).");
}

const hash = await bcrypt.hash(password, COST);
console.log(hash);
console.error(
  "\nAdd this entry to AUTH_LOCAL_USERS (comma-separate several; keep the single quotes in a shell or .env file, the hash contains $):",
);
console.log(`AUTH_LOCAL_USERS='${username}:${hash}'`);
