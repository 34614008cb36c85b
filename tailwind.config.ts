import type { Config } from "tailwindcss";

// Loaded by app/globals.css through `@config`. Tailwind v4 reads the theme from here;
// the dark variant is declared in the CSS (`@custom-variant dark`), bound to `.dark`.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Calm, slightly cool neutral for surfaces, borders and text.
        ink: {
          0: "#ffffff",
          25: "#fbfbfc",
          50: "#f6f7f9",
          100: "#eef0f3",
          200: "#e0e3e9",
          300: "#c8cdd6",
          400: "#9ca3b0",
          500: "#6b7384",
          600: "#525a6a",
          700: "#3d4452",
          800: "#282d37",
          850: "#1f232b",
          900: "#171a20",
          950: "#101216",
        },
        // The one accent: Japanese indigo (藍).
        brand: {
          50: "#eef3ff",
          100: "#dbe5fe",
          200: "#bfd1fd",
          300: "#93b1fa",
          400: "#648bf5",
          500: "#4069ec",
          600: "#2b4fd8",
          700: "#243fb0",
          800: "#23378d",
          900: "#213271",
          950: "#172045",
        },
      },
      fontFamily: {
        sans: ['"Hiragino Sans"', '"Noto Sans JP"', '"Yu Gothic UI"', "system-ui", "sans-serif"],
      },
    },
  },
};

export default config;
