import { describe, expect, it } from "vitest";
import { finding, ids } from "./test-helpers.ts";

const punctuation = (source: string, value: string, language = "de") =>
  finding("punctuation", source, value, language);

describe("ending punctuation", () => {
  it("flags a different, missing or added final mark, with a fix", () => {
    expect(punctuation("Hello!", "Hallo.")).toMatchObject({
      message: "Ends with “.” but the source ends with “!”",
      fix: "Hallo!",
    });
    expect(punctuation("Saved.", "Gespeichert")).toMatchObject({
      message: "Ends without punctuation but the source ends with “.”",
      fix: "Gespeichert.",
    });
    expect(punctuation("Settings", "Einstellungen:")).toMatchObject({
      message: "Ends with “:” but the source ends without punctuation",
      fix: "Einstellungen",
    });
    expect(punctuation("Loading...", "Laden.")?.fix).toBe("Laden...");
    expect(punctuation("Loading…", "Laden")?.fix).toBe("Laden…");
  });

  it("offers no fix that would still end otherwise than the source (two marks at the end)", () => {
    const found = punctuation("Files", "Dateien?,");
    expect(found?.message).toBe("Ends with “,” but the source ends without punctuation");
    expect(found?.fix).toBeUndefined();
  });

  it("accepts the same mark, an ellipsis either way, and looks through closing quotes", () => {
    expect(ids("Loading...", "Laden…")).toEqual([]);
    expect(ids('Click "Save".', "Klicken Sie auf „Speichern“.")).toEqual([]);
    expect(ids('Say "hi."', "Sag „hallo.“")).toEqual([]);
    expect(ids("Name (optional)", "Name (optional)", "de")).not.toContain("punctuation");
  });

  it("keeps trailing white space and offers no fix when quotes close after the mark", () => {
    expect(punctuation("Hello! ", "Hallo. ")?.fix).toBe("Hallo! ");
    const quoted = punctuation('Say "hi."', "Sag „hallo“");
    expect(quoted?.message).toBe("Ends without punctuation but the source ends with “.”");
    expect(quoted?.fix).toBeUndefined();
  });

  it("Spanish: opening ¿ and ¡ are not endings", () => {
    expect(ids("Delete the file?", "¿Eliminar el archivo?", "es")).toEqual([]);
    expect(ids("Welcome!", "¡Bienvenido!", "es")).toEqual([]);
    expect(punctuation("Delete?", "¿Eliminar", "es")?.fix).toBe("¿Eliminar?");
  });

  it("CJK: full-width marks are the same marks, and fixes use them", () => {
    expect(ids("Delete?", "削除しますか？", "ja")).toEqual([]);
    expect(ids("Saved.", "已保存。", "zh-Hans")).toEqual([]);
    expect(ids("Name:", "名前：", "ja")).toEqual([]);
    expect(ids("Done!", "完成！", "zh")).toEqual([]);
    expect(punctuation("Saved.", "保存しました", "ja")?.fix).toBe("保存しました。");
    expect(punctuation("Delete?", "删除。", "zh")?.fix).toBe("删除？");
    expect(punctuation("First,", "最初", "ja")?.fix).toBe("最初、");
    // A translator who used half-width marks keeps them.
    expect(punctuation("Delete?", "削除!", "ja")?.fix).toBe("削除?");
    // Korean writes Latin marks.
    expect(punctuation("Saved.", "저장됨", "ko")?.fix).toBe("저장됨.");
  });

  it("Arabic script: ؟ ، ؛ and the Urdu full stop", () => {
    expect(ids("Delete?", "حذف؟", "ar")).toEqual([]);
    expect(ids("Delete?", "حذف کریں؟", "ur")).toEqual([]);
    expect(ids("Saved.", "محفوظ ہو گیا۔", "ur")).toEqual([]);
    expect(punctuation("Delete?", "حذف", "ar")?.fix).toBe("حذف؟");
    expect(punctuation("Delete?", "حذف", "fa")?.fix).toBe("حذف؟");
    expect(punctuation("Saved.", "محفوظ", "ur")?.fix).toBe("محفوظ۔");
  });

  it("Greek asks with ; (and its own question mark)", () => {
    expect(ids("Delete?", "Διαγραφή;", "el")).toEqual([]);
    expect(ids("Delete?", "Διαγραφή\u037e", "el")).toEqual([]);
    expect(punctuation("Delete?", "Διαγραφή", "el")?.fix).toBe("Διαγραφή;");
    expect(ids("Delete?", "Löschen;", "de")).toContain("punctuation");
  });

  it("Armenian marks questions on the word and ends sentences with ։", () => {
    expect(ids("Delete?", "Ջնջե՞լ", "hy")).toEqual([]);
    expect(ids("Saved.", "Պահված է։", "hy")).toEqual([]);
    expect(ids("Saved.", "Պահված է:", "hy")).toEqual([]);
    expect(punctuation("Saved.", "Պահված է", "hy")?.fix).toBe("Պահված է։");
  });

  it("Hindi and Bengali end with the danda", () => {
    expect(ids("Saved.", "सहेजा गया।", "hi")).toEqual([]);
    expect(ids("Saved.", "সংরক্ষিত।", "bn")).toEqual([]);
    expect(punctuation("Saved.", "सहेजा गया", "hi")?.fix).toBe("सहेजा गया।");
    expect(punctuation("Saved!", "सहेजा गया।", "hi")?.fix).toBe("सहेजा गया!");
  });

  it("Thai may end a sentence without a full stop", () => {
    expect(ids("Saved.", "บันทึกแล้ว", "th")).toEqual([]);
    expect(ids("Saved!", "บันทึกแล้ว", "th")).toContain("punctuation");
  });

  it("French: a normal or non-breaking space before ! ? : ; is no difference, and fixes add one", () => {
    expect(ids("Delete?", "Supprimer ?", "fr")).toEqual([]);
    expect(ids("Delete?", "Supprimer\u00a0?", "fr")).toEqual([]);
    expect(ids("Name:", "Nom\u202f:", "fr")).toEqual([]);
    expect(ids("Done!", "Terminé!", "fr")).toEqual([]);
    expect(punctuation("Delete?", "Supprimer", "fr")?.fix).toBe("Supprimer\u00a0?");
    expect(punctuation("Delete?", "Supprimer :", "fr")?.fix).toBe("Supprimer ?");
    expect(punctuation("Saved.", "Enregistré !", "fr")?.fix).toBe("Enregistré.");
    expect(punctuation("Hello!", "Hallo !", "de")?.fix).toBeUndefined(); // same mark: no finding
    expect(punctuation("Saved.", "Gespeichert !", "de")?.fix).toBe("Gespeichert.");
  });

  it("offers no fix for a text that is only a mark", () => {
    const onlyMark = punctuation("Yes", "!");
    expect(onlyMark?.message).toBe("Ends with “!” but the source ends without punctuation");
    expect(onlyMark?.fix).toBeUndefined();
  });
});
