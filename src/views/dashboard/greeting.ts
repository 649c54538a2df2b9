/** 'Good morning' before noon, 'Good afternoon' before six, then 'Good evening'. */
export function greetingAt(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
