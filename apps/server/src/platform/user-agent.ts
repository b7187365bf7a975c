// A readable name for the device behind a session: "Chrome 156" on "Android 14". Only the common
// browsers and systems are named; anything else is null and the screen shows the raw agent's gist.

const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//],
];

const systems: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows NT (\d+(?:\.\d+)?)/],
  ['Android', /\bAndroid (\d+(?:\.\d+)?)/],
  ['iOS', /\b(?:iPhone|iPad|iPod).*? OS (\d+(?:_\d+)?)/],
  ['macOS', /\bMac OS X (\d+(?:[._]\d+)?)/],
  ['ChromeOS', /\bCrOS\b/],
  ['Linux', /\bLinux\b/],
];

const windowsNames: Record<string, string> = { '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7' };

export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  let browser: string | null = null;
  for (const [name, pattern] of browsers) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  let os: string | null = null;
  for (const [name, pattern] of systems) {
    const match = pattern.exec(userAgent);
    if (!match) continue;
    const version = match[1]?.replace('_', '.');
    if (name === 'Windows') os = `Windows ${windowsNames[version ?? ''] ?? version}`;
    else os = version ? `${name} ${version}` : name;
    break;
  }
  return { browser, os };
}
