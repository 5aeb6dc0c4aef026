// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { splitTitle } from './split-title';

describe('splitTitle', () => {
  it("takes a leading '# heading' as the page's title and keeps the rest", () => {
    expect(splitTitle('# Our terms #\n\nBe kind.')).toEqual({ title: 'Our terms', body: '\nBe kind.' });
    expect(splitTitle('\n#   About us\r\nText')).toEqual({ title: 'About us', body: 'Text' });
  });

  it('leaves Markdown without a leading level-1 heading whole', () => {
    for (const markdown of ['## Section\n\nText', 'Intro\n\n# Later', '#hashtag', '# \n\nText', '']) {
      expect(splitTitle(markdown)).toEqual({ title: null, body: markdown });
    }
  });
});
