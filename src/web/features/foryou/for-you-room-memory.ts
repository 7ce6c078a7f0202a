/**
 * What the "for you" row remembers of its room for the next visit (for-you-room.tsx), the script that gives
 * the room that height, and closing the room when no row comes. Kept out of the room's module, so that
 * only the server and the row's own lazily loaded code carry it, not the home page's first load.
 */

export const FOR_YOU_ROOM_KEY = 'kuda.for-you-room';
/** The row's `data-testid`: the row names itself with it, and the room and the row find the row by it. */
export const FOR_YOU_ROW_ID = 'for-you-row';
export const FOR_YOU_ROOM_STYLE_ID = 'for-you-room';
/** Heights outside this range are not a row's (a damaged or foreign value): no room then. */
export const MAX_FOR_YOU_ROOM = 2000;

/**
 * The head script: the remembered height becomes the room's, as a style of its own (which also hides the
 * room once the row is right after it: more specific than the first rule). The server writes it
 * into every page's head (entry.server.tsx, beside the critical styles); React leaves head nodes it did
 * not render alone. One text for every page, built once.
 */
export const FOR_YOU_ROOM_SCRIPT =
  `try{const h=Math.round(Number(localStorage.getItem(${JSON.stringify(FOR_YOU_ROOM_KEY)})));` +
  `if(h>0&&h<${MAX_FOR_YOU_ROOM})document.head.append(Object.assign(document.createElement('style'),` +
  `{id:${JSON.stringify(FOR_YOU_ROOM_STYLE_ID)},textContent:'html [data-for-you-room]{display:block;height:'+h+'px}` +
  `html [data-for-you-room]:has(+[data-testid=${FOR_YOU_ROW_ID}]){display:none}'}))}catch{}`;

/** Remembers the room the shown row takes: its height. */
export function rememberForYouRoom(row: Element): void {
  const room = Math.round(row.getBoundingClientRect().height);
  if (room <= 0 || room >= MAX_FOR_YOU_ROOM) return;
  try {
    localStorage.setItem(FOR_YOU_ROOM_KEY, String(room));
  } catch {
    // Storage refused (private mode, full): the row simply arrives without room, as before.
  }
}

/** No row this time: the room closes now, and is forgotten for the next visits when there were no picks. */
export function closeForYouRoom({ forget }: { forget: boolean }): void {
  document.getElementById(FOR_YOU_ROOM_STYLE_ID)?.remove();
  if (!forget) return;
  try {
    localStorage.removeItem(FOR_YOU_ROOM_KEY);
  } catch {
    // Nothing was kept.
  }
}
