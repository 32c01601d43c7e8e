// A ZKTeco-family attendance machine, written from the push protocol (docs/terminals.md), speaking HTTP
// to a real server as a terminal does: no cookie, no Origin, plain text. Like a terminal it keeps every
// punch until the server answers an upload with "OK", so a refused upload is sent again later.
//   handshake()  GET  /iclock/cdata?SN=…&options=all&pushver=…&language=69  → the options block
//   upload()     POST /iclock/cdata?SN=…&table=ATTLOG&Stamp=…               → "OK: <n>"
//   poll()       GET  /iclock/getrequest?SN=…                               → "OK" (no commands)

/** One ATTLOG line: PIN, 'YYYY-MM-DD HH:MM:SS', status (0 in, 1 out…), verify (1 finger, 15 face…), work code, reserved. */
export function attlogLine(pin: string, localTime: string, status = 0, verify = 1): string {
  return [pin, localTime, status, verify, 0, 0, 0, 0, 0, 0].join('\t');
}

export type SimAnswer = { status: number; text: string };

export class TerminalSim {
  /** Punches kept on the terminal, not yet taken by the server. */
  private queue: string[] = [];
  private stamp = 0;
  options: Record<string, string> = {};

  constructor(
    readonly baseUrl: string,
    readonly serialNumber: string,
    readonly pushVersion = '2.4.1',
  ) {}

  private async request(method: 'GET' | 'POST', path: string, body?: string): Promise<SimAnswer> {
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: { 'User-Agent': 'iClock Proxy/1.09', ...(body !== undefined ? { 'Content-Type': 'text/plain' } : {}) },
      body,
    });
    return { status: res.status, text: await res.text() };
  }

  private get sn() {
    return encodeURIComponent(this.serialNumber);
  }

  /** The handshake a terminal makes on boot; the options it is given are kept in `options`. */
  async handshake(): Promise<SimAnswer> {
    const answer = await this.request('GET', `/iclock/cdata?SN=${this.sn}&options=all&pushver=${this.pushVersion}&language=69`);
    if (answer.status === 200)
      this.options = Object.fromEntries(
        answer.text
          .split(/\r?\n/)
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    return answer;
  }

  /** Someone punched: the line waits in the terminal's memory until an upload is acknowledged. */
  punch(...lines: string[]): void {
    this.queue.push(...lines);
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Uploads what is kept (or `lines`, as one batch, e.g. to repeat a batch); the queue empties on "OK". */
  async upload(lines?: string[]): Promise<SimAnswer> {
    const batch = lines ?? this.queue;
    this.stamp += 1;
    const answer = await this.request('POST', `/iclock/cdata?SN=${this.sn}&table=ATTLOG&Stamp=${this.stamp}`, batch.join('\n') + '\n');
    if (!lines && answer.status === 200 && answer.text.startsWith('OK')) this.queue = [];
    return answer;
  }

  /** The poll for commands, between uploads. */
  poll(): Promise<SimAnswer> {
    return this.request('GET', `/iclock/getrequest?SN=${this.sn}`);
  }
}
