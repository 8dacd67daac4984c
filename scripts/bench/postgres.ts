/**
 * The bench's own PostgreSQL cluster on 127.0.0.1, as scripts/lib/throwaway-postgres.sh
 * starts one (trust auth, user `shop`, UTF8, C.UTF-8, no fsync; as root it runs as the
 * `postgres` user), but in a directory kept between runs, so a database seeded with
 * 100,000 products is reused. It is stopped at the end of the run, on error and Ctrl-C.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { deferCleanup } from './cleanup.ts';
import type { SeedDatabase } from './server.ts';
import { freePort } from './server.ts';

export interface Cluster {
  /** initdb's system identifier: a cluster made again has another. */
  id: string;
  port: number;
  /** Creates the database when missing; `reset` drops and creates it. */
  database(name: string): Promise<SeedDatabase>;
  /** A fresh copy of `template` named `name` (dropped first if left by an earlier run): its URL. */
  copyDatabase(template: string, name: string): Promise<string>;
  /** `pg_ctl restart -m fast`: every connection is terminated, the server is back on the same port. */
  restart(): void;
  /** `pg_ctl stop -m fast` without the clean-up: the server is down until `resume()`. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  try {
    return path.dirname(execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found. Debian: apt-get install postgresql');
  }
}

/** PostgreSQL refuses to run as root: then the cluster belongs to, and runs as, `postgres`. */
function runner(): { as: string[]; owner: { uid: number; gid: number } | null } {
  if (process.getuid?.() !== 0) return { as: [], owner: null };
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', 'postgres']);
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  return { as: ['runuser', '-u', 'postgres', '--'], owner: { uid, gid } };
}

export async function startCluster(dir: string, fresh: boolean): Promise<Cluster> {
  const bin = pgBin();
  const { as, owner } = runner();
  const run = (tool: string, args: string[], quiet = false) => {
    const [command, ...rest] = [...as, path.join(bin, tool), ...args];
    execFileSync(command ?? tool, rest, { stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'inherit'] });
  };
  const data = path.join(dir, 'data');
  const isRunning = () => {
    try {
      run('pg_ctl', ['-D', data, 'status'], true);
      return true;
    } catch {
      return false;
    }
  };
  // A run killed with SIGKILL may have left its server up: stop it before starting ours.
  if (existsSync(path.join(data, 'PG_VERSION')) && isRunning()) run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
  if (fresh || !existsSync(path.join(data, 'PG_VERSION'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if (owner) chownSync(dir, owner.uid, owner.gid);
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'shop', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }
  const port = await freePort();
  const settings = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', data, '-l', path.join(data, 'bench-server.log'), '-w', '-o', settings, 'start']);
  // Last resort if this process dies without its clean-up; pg_ctl is synchronous, as 'exit' needs.
  const killOnExit = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'], true);
    } catch {
      // already stopped
    }
  };
  process.once('exit', killOnExit);
  const stop = deferCleanup(async () => {
    process.off('exit', killOnExit);
    run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
    console.log(`PostgreSQL on port ${port} stopped`);
  });
  try {
    const url = (name: string) => `postgresql://shop@127.0.0.1:${port}/${name}`;
    const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };
    const id = await admin(async (client) => {
      const { rows } = await client.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()');
      return rows[0]?.id ?? 'unknown';
    });
    console.log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (cluster ${dir})`);
    const database = async (name: string): Promise<SeedDatabase> => {
      if (!/^\w+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
      const create = () => admin((client) => client.query(`CREATE DATABASE ${name}`));
      const exists = await admin(async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
      if (!exists) await create();
      return {
        url: url(name),
        identity: `postgres:${id}/${name}`,
        reset: async () => {
          await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
          await create();
        },
      };
    };
    const copyDatabase = async (template: string, name: string): Promise<string> => {
      if (!/^\w+$/.test(template) || !/^\w+$/.test(name)) throw new Error(`Unsafe database name ${template} or ${name}`);
      await admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      });
      return url(name);
    };
    const logFile = path.join(data, 'bench-server.log');
    return {
      id,
      port,
      database,
      copyDatabase,
      stop,
      restart: () => run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-m', 'fast', '-o', settings, 'restart']),
      pause: () => run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
      resume: () => run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-o', settings, 'start']),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
