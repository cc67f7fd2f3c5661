/** Which socket the chat screen opens: the real /admin connection, or a fake a test injects. */
import { openAdminSocket, type ChatSocket } from './socket'

let factory: () => ChatSocket = openAdminSocket

export function chatSocketFactory(): () => ChatSocket {
  return factory
}

/** Tests: the screen opens this instead (null: the real connection again). */
export function setChatSocketFactory(next: (() => ChatSocket) | null): void {
  factory = next ?? openAdminSocket
}
