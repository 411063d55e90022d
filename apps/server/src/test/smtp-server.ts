import { EventEmitter, once } from 'node:events';
import { createServer, type Socket } from 'node:net';

export interface TestSmtpServer {
  /** Raw messages received (headers and body), in order. */
  mails: string[];
  /** 'mail' with each message; 'data' when a client starts sending one. */
  events: EventEmitter;
  /** Holds back the answer to DATA until release() (a slow or hanging server). */
  hold(): void;
  /**
   * The next message is taken (it is in `mails`) but the connection drops before the answer to DATA:
   * the client cannot know it arrived (RFC 1047).
   */
  loseNextAnswer(): void;
  release(): void;
  close(): Promise<void>;
}

/** Just enough SMTP for nodemailer (EHLO, MAIL, RCPT, DATA, QUIT), without TLS or auth. */
export async function startSmtpServer(port: number): Promise<TestSmtpServer> {
  const mails: string[] = [];
  const events = new EventEmitter();
  const sockets = new Set<Socket>();
  let holding = false;
  let loseAnswer = false;
  const held: Array<() => void> = [];

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    socket.write('220 test ESMTP\r\n');
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const accept = () => {
            mails.push(message);
            socket.write('250 2.0.0 queued\r\n');
            events.emit('mail', message);
          };
          if (loseAnswer) {
            loseAnswer = false;
            mails.push(message);
            socket.destroy();
            return;
          }
          if (holding) held.push(accept);
          else accept();
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
          events.emit('data');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 test\r\n' : '250 OK\r\n');
      }
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    mails,
    events,
    hold() {
      holding = true;
    },
    loseNextAnswer() {
      loseAnswer = true;
    },
    release() {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
