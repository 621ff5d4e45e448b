/** The images module's front door: what other modules may use (docs/decisions/370). */
export { imagePath, loadImage, storeDataUrl, storedShaFromPath, storeImageBytes } from "./service";
