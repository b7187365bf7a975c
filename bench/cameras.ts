// `npm run bench:cameras` (issue 26): 50 people watching 20 cameras live through one server process. The cameras are
// simulated here (camera.simulator.ts, 5 pictures a second each, every picture marked with when it was sent); the
// relay runs in its own process (cameras-relay.ts) so its processor time and memory are its own; the 50 viewers read
// the relayed streams here and measure each picture's latency from the camera to them. Prints the percentiles, the
// pictures delivered per second, the relay's processor use and memory (the whole process, its embedded database
// included), and fails when the latency target is missed or the relay opened more than one connection per camera.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { cameraStreamBoundary } from '@bottega/contracts/cameras';
import { createMjpegParser } from '@bottega/contracts/mjpeg';
import { sentAtComment, startCameraSimulator } from '../apps/server/src/integrations/cameras/camera.simulator';

const cameraCount = Number(process.env.BENCH_CAMERAS ?? 20);
const viewerCount = Number(process.env.BENCH_VIEWERS ?? 50);
const warmUpMs = Number(process.env.BENCH_WARM_UP_MS ?? 4000);
const measureMs = Number(process.env.BENCH_MEASURE_MS ?? 20_000);
const framesPerSecond = 5;
/** A picture reaches its viewer within this, at the 95th percentile. */
const targetP95Ms = 150;
const password = 'bench-camera';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** When the simulator sent a picture: its comment segment (FF FE) right after the start marker. */
function sentAt(jpeg: Uint8Array): number | null {
  if (jpeg[2] !== 0xff || jpeg[3] !== 0xfe) return null;
  const length = ((jpeg[4] as number) << 8) | (jpeg[5] as number);
  const text = new TextDecoder().decode(jpeg.subarray(6, 4 + length));
  return text.startsWith(sentAtComment) ? Number(text.slice(sentAtComment.length)) : null;
}

/** User and system processor time of a process, in milliseconds (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

const users = Array.from({ length: cameraCount }, (_, index) => `bench${index + 1}`);
const simulator = await startCameraSimulator({
  cameras: users.map((username) => ({ name: `Bench ${username}`, username, password })),
  framesPerSecond,
});
const relay = spawn('npx', ['tsx', 'bench/cameras-relay.ts'], {
  env: { ...process.env, SIMULATOR_URL: simulator.url, CAMERA_USERS: users.join(','), CAMERA_PASSWORD: password },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await new Promise<{ address: string; token: string; cameraIds: number[] }>((resolve, reject) => {
  const lines = createInterface({ input: relay.stdout });
  lines.on('line', (line) => {
    if (line.startsWith('{')) resolve(JSON.parse(line));
  });
  relay.on('exit', (code) => reject(new Error(`relay exited with ${code}`)));
});
// npx → tsx → node: the relay is the process listening, the last of the chain.
const relayPid = Number(
  readFileSync(`/proc/${relay.pid}/task/${relay.pid}/children`, 'utf8').trim().split(' ').at(-1) ?? relay.pid,
);
const serverPid = (function deepest(pid: number): number {
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean);
  } catch {
    return pid;
  }
  return children.length === 0 ? pid : deepest(Number(children.at(-1)));
})(relayPid);

let measuring = false;
const latencies: number[] = [];
let delivered = 0;
const controllers: AbortController[] = [];

async function watch(cameraId: number): Promise<void> {
  const controller = new AbortController();
  controllers.push(controller);
  const response = await fetch(`${ready.address}/api/cameras/${cameraId}/stream`, {
    headers: { authorization: `Bearer ${ready.token}` },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream of ${cameraId}: ${response.status} ${await response.text()}`);
  const parser = createMjpegParser({
    boundary: cameraStreamBoundary,
    onFrame: ({ bytes }) => {
      if (!measuring) return;
      const sent = sentAt(bytes);
      if (sent === null) throw new Error('a picture lost its mark on the way');
      latencies.push(Date.now() - sent);
      delivered++;
    },
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
  } catch {
    // aborted at the end
  }
}

const watching = Array.from({ length: viewerCount }, (_, index) =>
  watch(ready.cameraIds[index % ready.cameraIds.length] as number),
);
await new Promise((resolve) => setTimeout(resolve, warmUpMs));
const cpuBefore = cpuMs(serverPid);
const started = performance.now();
measuring = true;
await new Promise((resolve) => setTimeout(resolve, measureMs));
measuring = false;
const elapsed = performance.now() - started;
const cpuPercent = ((cpuMs(serverPid) - cpuBefore) / elapsed) * 100;
const memory = rssMb(serverPid);
const openToCameras = simulator.openStreams();
for (const controller of controllers) controller.abort();
await Promise.allSettled(watching);
relay.kill('SIGTERM');
await simulator.close();

latencies.sort((a, b) => a - b);
const expected = framesPerSecond * viewerCount;
const result = {
  viewers: viewerCount,
  cameras: cameraCount,
  connectionsToCameras: openToCameras,
  picturesPerSecond: Math.round((delivered / elapsed) * 1000),
  expectedPerSecond: expected,
  latencyP50Ms: percentile(latencies, 50),
  latencyP95Ms: percentile(latencies, 95),
  latencyP99Ms: percentile(latencies, 99),
  relayCpuPercentOfOneCore: Math.round(cpuPercent),
  relayRssMb: Math.round(memory),
};
console.table([result]);
const met = result.latencyP95Ms <= targetP95Ms && openToCameras === cameraCount;
console.log(
  met
    ? `met: p95 ${result.latencyP95Ms} ms ≤ ${targetP95Ms} ms, one connection per camera`
    : `MISSED: p95 ${result.latencyP95Ms} ms (target ${targetP95Ms} ms), ${openToCameras} connections to ${cameraCount} cameras`,
);
process.exit(met ? 0 : 1);
