import { describe, expect, it } from 'vitest';
import { declaresDoctype } from './xml-doctype';

describe('declaresDoctype', () => {
  it('finds a DOCTYPE or an entity declaration in any case and spacing', () => {
    expect(declaresDoctype('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toBe(true);
    expect(declaresDoctype('<!doctype a SYSTEM "file:///etc/passwd"><a/>')).toBe(true);
    expect(declaresDoctype('<a/><! ENTITY x "y">')).toBe(true);
  });

  it('lets plain XML and comments through', () => {
    expect(declaresDoctype('<?xml version="1.0"?><a><!-- a note --><b>DOCTYPE</b></a>')).toBe(false);
  });
});
