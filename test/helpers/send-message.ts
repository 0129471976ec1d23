// A text message sent to a group through the emulator's POST /messages, which runs it through the
// enabled moderation rules (a blocked one is listed by the blocked-messages endpoint).
import type { RunningEmulator } from '../../src/emulator/index.js';

export async function sendToGroup(emu: Pick<RunningEmulator, 'chatBaseUrl' | 'apiKey'>, text: string, group = 'cometchat-guid-1'): Promise<number> {
  const res = await fetch(`${emu.chatBaseUrl}/messages`, {
    method: 'POST',
    headers: { apikey: emu.apiKey, onBehalfOf: 'cometchat-uid-1', 'content-type': 'application/json' },
    body: JSON.stringify({ receiver: group, receiverType: 'group', category: 'message', type: 'text', data: { text } }),
  });
  await res.arrayBuffer();
  return res.status;
}
