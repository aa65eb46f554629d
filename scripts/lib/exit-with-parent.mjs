// Preloaded (node --import) into a server a parent runs with its stdin as a pipe: when the parent
// ends by any means (a forced stop, a crash, kill -9), the pipe closes and the server gets
// SIGTERM, its own clean stop. Vite, which ignores its stdin otherwise, needs this.
process.stdin.once('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
