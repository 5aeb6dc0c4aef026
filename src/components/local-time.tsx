import { LOCAL_TIME_ATTRIBUTE } from '@/config/boot-contract';
import { useFormatDate, type DateLength } from '@/lib/format-date';

/**
 * A date and time in the reader's zone. The host, which cannot know that zone, writes UTC; boot.js
 * writes the reader's time over it before the app has started (a download page may never start
 * it), so React, taking the page over, keeps the text it finds and writes the same once hydrated.
 */
export function LocalTime({ value, length = 'medium' }: { value: string; length?: DateLength }) {
  const formatDate = useFormatDate();
  return (
    <time dateTime={value} {...{ [LOCAL_TIME_ATTRIBUTE]: length }} suppressHydrationWarning>
      {formatDate(value, length)}
    </time>
  );
}
