import type { ChildProcess } from 'node:child_process';

export declare const LOCAL_POSTGRES: string;
export declare const LOCAL_REDIS: string;
export declare const CLUSTER_GRACE_MS: number;

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | string>;
  dataDir: string;
}

export interface Restart {
  name: string;
  exitCode: number | string;
  stoppedMs: number;
  backMs: number;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  env: Record<string, string | undefined>;
  configFile: string;
  restart(index: number): Promise<Restart>;
  stop(): Promise<void>;
}

export interface LoadCounts {
  sent: number;
  answered: number;
  failed: number;
  byInstance: Record<string, number>;
  failures: Record<string, number>;
}

export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
}

export declare function findHaproxy(): string | undefined;
export declare function clusterProblems(urls: { adminUrl: string; redisUrl: string }): Promise<string[]>;
export declare function postgresProblem(url: string): Promise<string | undefined>;
export declare function redisProblem(url: string): Promise<string | undefined>;
export declare function createDatabase(
  adminUrl: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }>;
export declare function startInstance(options: {
  name: string;
  port: number;
  env: Record<string, string | undefined>;
  output?: 'inherit' | 'ignore' | 'pipe';
  startTimeoutMs?: number;
}): Promise<Instance>;
export declare function stopInstance(instance: Instance, signal?: NodeJS.Signals): Promise<number | string>;
export declare function haproxyConfig(options: {
  port: number;
  servers: { name: string; port: number }[];
}): string;
export declare function startCluster(options: {
  instances?: number;
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
  balancerPort?: number;
  output?: 'inherit' | 'ignore';
}): Promise<Cluster>;
export declare function startLoad(options: { url: string; requests: LoadRequest[]; concurrency?: number }): {
  counts: LoadCounts;
  stop(): Promise<LoadCounts>;
};
export declare function readsOfAMember(url: string): Promise<LoadRequest[]>;
export declare function rollingRestartUnderLoad(
  cluster: Cluster,
  options?: { concurrency?: number; log?: (line: string) => void },
): Promise<LoadCounts & { restarts: Restart[]; seconds: number }>;
