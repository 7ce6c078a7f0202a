/**
 * Room for the "for you" row from the first paint, so that its arrival does not push the page down.
 *
 * The server cannot draw the row: the home page's HTML is shared by every guest (decision 0006), and the
 * picks are asked for after hydration. Without room, a returning guest with picks saw every row move down
 * when it arrived (CLS 0.17 on a phone, and the row's picture as the largest paint). So this browser
 * remembers how much room the row took the last time it had picks (a number, nothing personal), and a
 * small script in the page's head, run before anything is painted, gives the room that height. When the
 * row comes it takes the room's place (the room hides itself once the row is right after it);
 * when the picks are gone the room is forgotten, and without the remembered height there is no room at all.
 * The remembered height, the head script and what the row does with them: for-you-room-memory.ts (the
 * room itself is in the home page's first load, the rest is not).
 */

/**
 * The room: hidden unless the head script gave it a height. It is the first of the rows, in a list spaced
 * with `gap` (a hidden child takes no gap), and the script's style hides it again as soon as the row stands
 * right after it, so the row takes its place and nothing else moves. Its styles come with the script only:
 * nothing of it is in the page's JavaScript but this element.
 */
export function ForYouRoom() {
  return <div hidden data-for-you-room="" />;
}
