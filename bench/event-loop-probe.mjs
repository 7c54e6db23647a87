// Loaded into the product by the bench (`--import`), never by `npm start`: measures the main thread's event
// loop delay (perf_hooks) and, on each SIGUSR2, appends the figures since the last signal to the file named by
// EVENT_LOOP_PROBE_FILE as one JSON line, then starts again. Worker threads are left alone.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (isMainThread && file) {
  // As Node measures it: each sample is the time between two ticks of a 10 ms timer, that interval included.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    appendFileSync(
      file,
      `${JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) })}\n`,
    );
    histogram.reset();
  });
}
