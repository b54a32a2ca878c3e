import { describe, expect, it } from 'vitest';
import { embedAddress, imageAtWidth, imageVariants, isWebAddress, srcSetOf, uploadIdOf, videoLink } from './media.ts';

const id = '0123456789abcdef0123456789abcdef';

describe('upload paths and variants', () => {
  it('derives the WebP variants of an uploaded image, and none of an address', () => {
    expect(imageVariants(`/uploads/images/${id}.jpg`)?.widths[640]).toBe(`/uploads/images/${id}-640.webp`);
    expect(srcSetOf(`/uploads/images/${id}.png`)).toBe(
      `/uploads/images/${id}-320.webp 320w, /uploads/images/${id}-640.webp 640w, /uploads/images/${id}-1280.webp 1280w`,
    );
    expect(imageVariants('https://example.org/a.jpg')).toBeUndefined();
    expect(imageAtWidth(`/uploads/images/${id}.jpg`, 500)).toBe(`/uploads/images/${id}-640.webp`);
    expect(imageAtWidth(`/uploads/images/${id}.jpg`, 4000)).toBe(`/uploads/images/${id}-1280.webp`);
    expect(imageAtWidth('https://example.org/a.jpg', 320)).toBe('https://example.org/a.jpg');
    expect(uploadIdOf(`/uploads/files/${id}.mp4`)).toBe(id);
    expect(uploadIdOf(`/uploads/images/${id}.gif`)).toBeUndefined();
    expect(uploadIdOf(`/uploads/images/../${id}.jpg`)).toBeUndefined();
  });

  it('takes only absolute http(s) addresses without credentials', () => {
    expect(isWebAddress('https://example.org/a')).toBe(true);
    expect(isWebAddress('http://example.org')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.org',
      '//example.org',
      'https://user:pw@example.org',
      'https://',
    ])
      expect(isWebAddress(bad), bad).toBe(false);
  });
});

describe('video links', () => {
  it('recognises YouTube and Vimeo links in their usual forms', () => {
    const yt = { site: 'youtube', id: 'dQw4w9WgXcQ' };
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ])
      expect(videoLink(url), url).toEqual(yt);
    expect(videoLink('https://vimeo.com/76979871')).toEqual({ site: 'vimeo', id: '76979871' });
    expect(videoLink('https://player.vimeo.com/video/76979871?h=1')).toEqual({ site: 'vimeo', id: '76979871' });
    for (const other of [
      'https://example.org/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
      'not a url',
    ])
      expect(videoLink(other), other).toBeUndefined();
    expect(embedAddress({ site: 'youtube', id: 'dQw4w9WgXcQ' })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });
});
