// A component module that the Vue 3 ES-module page imports lazily with import(), as bundlers' lazy routes do.
import { h, ref, computed } from "vue";

export default {
  setup() {
    const n = ref(1);
    const doubled = computed(() => n.value * 2);
    return () => h("span", { class: "lazy" }, "lazy " + doubled.value);
  },
};
