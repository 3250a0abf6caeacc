import { describe, expect, it } from 'vitest';
import { mediaDayOf, mediaDeviceOf } from './media-tags.ts';

describe('mediaDayOf', () => {
  it("takes a phone's local creation date before QuickTime's UTC one", () => {
    expect(mediaDayOf({ CreationDate: '2024:05:01 23:30:00-07:00', CreateDate: '2024:05:02 06:30:00' })).toBe('2024-05-01');
  });
  it("reads a field recorder's BWF date and skips zeroed dates", () => {
    expect(mediaDayOf({ OriginationDate: '2016-09-14', CreateDate: '0000:00:00 00:00:00' })).toBe('2016-09-14');
    expect(mediaDayOf({ CreateDate: '0000:00:00 00:00:00' })).toBeUndefined();
  });
});

describe('mediaDeviceOf', () => {
  it('names a phone by make and model, once', () => {
    expect(mediaDeviceOf({ Make: 'Apple', Model: 'iPhone 15 Pro' })).toBe('Apple iPhone 15 Pro');
    expect(mediaDeviceOf({ Make: 'Canon', Model: 'Canon EOS R5' })).toBe('Canon EOS R5');
  });
  it("names a field recorder from its BWF originator, without its serial number", () => {
    expect(mediaDeviceOf({ Originator: 'Sound Dev: 702  S#GQ1113157005' })).toBe('Sound Devices 702');
  });
  it('names no device where an editor wrote its own name', () => {
    expect(mediaDeviceOf({ Originator: 'iZotope RX 5 Audio Editor' })).toBeUndefined();
    expect(mediaDeviceOf({})).toBeUndefined();
  });
});
